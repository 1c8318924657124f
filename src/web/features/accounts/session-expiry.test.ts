import { describe, expect, it } from 'vitest';
import { sessionExpiredTarget } from './session-expiry';

describe('sessionExpiredTarget', () => {
  it('sends people to /login remembering the page they were on', () => {
    expect(sessionExpiredTarget('/edit-profile')).toBe('/login?redirectTo=%2Fedit-profile');
    expect(sessionExpiredTarget('/sales/12?tab=2')).toBe(
      '/login?redirectTo=%2Fsales%2F12%3Ftab%3D2',
    );
  });
  it('does not remember home, the login page itself or /logout', () => {
    expect(sessionExpiredTarget('/')).toBe('/login');
    expect(sessionExpiredTarget('/login?redirectTo=%2Fsales')).toBe('/login');
    expect(sessionExpiredTarget('/logout')).toBe('/login');
  });
});
