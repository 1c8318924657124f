import { describe, expect, it } from 'vitest';
import { sessionMayHaveChanged } from './session';

describe('sessionMayHaveChanged', () => {
  it('is true when leaving /login or /logout', () => {
    expect(sessionMayHaveChanged('/login')).toBe(true);
    expect(sessionMayHaveChanged('/login/')).toBe(true);
    expect(sessionMayHaveChanged('/logout')).toBe(true);
  });
  it('is false for other pages', () => {
    for (const p of ['/', '/edit-profile', '/login-help', '/users/login']) {
      expect(sessionMayHaveChanged(p)).toBe(false);
    }
  });
});
