import { describe, expect, it } from 'vitest';
import {
  afterLoginPath,
  isRememberedAttemptedUrl,
  loginUrlFor,
  safeRedirectPath,
} from './redirect';

describe('safeRedirectPath', () => {
  it('keeps same-origin paths with query and hash', () => {
    expect(safeRedirectPath('/sales')).toBe('/sales');
    expect(safeRedirectPath('/sales/12?x=1#top')).toBe('/sales/12?x=1#top');
  });
  it('falls back for anything that could leave the site', () => {
    for (const bad of [
      'https://evil.example',
      '//evil.example',
      '/\\evil.example',
      'javascript:alert(1)',
      'sales',
      '',
      null,
      undefined,
      '/a\nb',
    ]) {
      expect(safeRedirectPath(bad)).toBe('/edit-profile');
    }
    expect(safeRedirectPath('//x', '/')).toBe('/');
  });
  it('falls back when dot segments collapse into a protocol-relative URL', () => {
    for (const bad of [
      '/.//evil.example',
      '/..//evil.example',
      '/a/..//evil.example',
      '/%2e//evil.example',
      '/%2E%2E//evil.example',
      '/./\\evil.example',
    ]) {
      expect(safeRedirectPath(bad)).toBe('/edit-profile');
      expect(afterLoginPath(bad, null)).toBe('/edit-profile');
    }
    expect(safeRedirectPath('/a/../sales')).toBe('/sales');
  });
});

describe('isRememberedAttemptedUrl', () => {
  it('remembers the SPEC URLs (and /my-posts for /my-products)', () => {
    for (const p of [
      '/edit-page',
      '/edit-profile',
      '/my-products',
      '/my-posts',
      '/sales',
      '/favorites',
      '/sales/42',
      '/favorites?page=2',
    ]) {
      expect(isRememberedAttemptedUrl(p)).toBe(true);
    }
  });
  it('ignores other URLs', () => {
    for (const p of ['/orders', '/salesforce', '/', '/checkout', 'https://x/sales', null, '']) {
      expect(isRememberedAttemptedUrl(p)).toBe(false);
    }
  });
});

describe('loginUrlFor', () => {
  it('encodes path and query of the request', () => {
    expect(loginUrlFor(new Request('http://h/edit-page?a=1&b=2'))).toBe(
      '/login?redirectTo=%2Fedit-page%3Fa%3D1%26b%3D2',
    );
    expect(loginUrlFor('/sales')).toBe('/login?redirectTo=%2Fsales');
  });
});

describe('afterLoginPath', () => {
  it('prefers redirectTo, then the remembered attempted URL, then /edit-profile', () => {
    expect(afterLoginPath('/sales?page=2', '/favorites')).toBe('/sales?page=2');
    expect(afterLoginPath(null, '/favorites')).toBe('/favorites');
    expect(afterLoginPath(undefined, null)).toBe('/edit-profile');
  });
  it('never leaves the site or goes back to /login or /logout', () => {
    expect(afterLoginPath('https://evil.example/', null)).toBe('/edit-profile');
    expect(afterLoginPath('//evil.example/x', '/sales')).toBe('/sales');
    expect(afterLoginPath('/login?redirectTo=%2Fsales', null)).toBe('/edit-profile');
    expect(afterLoginPath('/logout', '/logout')).toBe('/edit-profile');
    // …but a page whose name merely starts with "login" is fine
    expect(afterLoginPath('/login-help', null)).toBe('/login-help');
  });
});
