import { describe, expect, it } from 'vitest';
import { pagePath, pageUrlHint } from './page-url';
import { PASSWORDS_DIFFER, checkNewPassword } from './passwords';
import { bioCounter, profileFormValues } from './profile-values';

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
