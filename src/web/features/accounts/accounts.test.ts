import { describe, expect, it } from 'vitest';
import { pagePath, pageUrlHint } from './page-url';
import { PASSWORDS_DIFFER, checkNewPassword } from './passwords';
import { AVATAR_MAX_BYTES, bioCounter, checkAvatarFile, profileFormValues } from './profile-values';

describe('pageUrlHint', () => {
  it('shows the page URL for the username as the server will store it', () => {
    expect(pageUrlHint('https://shop.example/', ' Ann-Lee ')).toBe('https://shop.example/ann-lee');
    expect(pageUrlHint('http://localhost:3000', 'ｍａｙａ')).toBe('http://localhost:3000/maya');
    expect(pageUrlHint('http://localhost:3000', '')).toBe('http://localhost:3000/your-username');
  });
  it('builds the page path', () => {
    expect(pagePath('maya')).toBe('/maya');
  });
});

describe('checkNewPassword', () => {
  it('applies the shared password rule, then checks the confirmation', async () => {
    expect(await checkNewPassword('short', 'short')).toEqual({
      password: 'Use at least 8 characters.',
    });
    expect(await checkNewPassword('x'.repeat(129), '')).toEqual({
      password: 'Use at most 128 characters.',
    });
    expect(await checkNewPassword('long enough', 'long enougH')).toEqual({
      confirm: PASSWORDS_DIFFER,
    });
    expect(await checkNewPassword('long enough', 'long enough')).toEqual({});
  });
});

describe('profileFormValues', () => {
  it('reads the editable fields, tolerating missing or odd values', () => {
    expect(
      profileFormValues({ name: 'Ann', bio: 'Hi', link: 'https://a.io', _tags: ['x', 3, 'y'] }),
    ).toEqual({ name: 'Ann', bio: 'Hi', link: 'https://a.io', tags: ['x', 'y'] });
    expect(profileFormValues({ name: 'Ann', bio: null })).toEqual({
      name: 'Ann',
      bio: '',
      link: '',
      tags: [],
    });
  });
});

describe('bioCounter', () => {
  it('counts what is left, and what is too many', () => {
    expect(bioCounter('', 500)).toBe('500 characters left');
    expect(bioCounter('abcd', 5)).toBe('1 character left');
    expect(bioCounter('abcdefg', 5)).toBe('2 characters too many');
  });
});

describe('checkAvatarFile', () => {
  it('accepts images up to 10 MB', () => {
    expect(checkAvatarFile({ type: 'image/png', size: 1234 })).toBeNull();
    expect(checkAvatarFile({ type: 'image/webp', size: AVATAR_MAX_BYTES })).toBeNull();
  });
  it('refuses other types, empty files and larger images with a clear message', () => {
    expect(checkAvatarFile({ type: 'application/pdf', size: 10 })).toMatch(/Choose an image file/);
    expect(checkAvatarFile({ type: '', size: 10 })).toMatch(/Choose an image file/);
    expect(checkAvatarFile({ type: 'image/png', size: 0 })).toMatch(/empty/);
    expect(checkAvatarFile({ type: 'image/jpeg', size: 12.5 * 1024 * 1024 })).toBe(
      'This image is 12.5 MB. Images must be 10 MB or smaller.',
    );
  });
});
