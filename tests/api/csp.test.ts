import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { API_CSP } from '../../src/server/http/plugins/csp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('Content-Security-Policy', () => {
  it('gives JSON answers the fixed strict policy, without a nonce', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(res.headers['content-security-policy']).toBe(API_CSP);
    expect(API_CSP).toContain("default-src 'none'");
  });

  it('gives every other answer the page policy with a fresh nonce each time', async () => {
    const a = await t.app.inject({ method: 'GET', url: '/api/docs' });
    const b = await t.app.inject({ method: 'GET', url: '/api/docs' });
    const nonceOf = (h: unknown) => /'nonce-([A-Za-z0-9+/=]{20,})'/.exec(String(h))?.[1];
    expect(String(a.headers['content-security-policy'])).toMatch(/^default-src 'self'; /);
    expect(nonceOf(a.headers['content-security-policy'])).toBeTruthy();
    expect(nonceOf(a.headers['content-security-policy'])).not.toBe(
      nonceOf(b.headers['content-security-policy']),
    );
  });
});
