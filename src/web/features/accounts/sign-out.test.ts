import { describe, expect, it } from 'vitest';
import { SIGN_OUT_LINK_STATE, isSignOutFromApp } from './sign-out';

describe('isSignOutFromApp', () => {
  it("recognises the app's sign-out links' state only", () => {
    expect(isSignOutFromApp(SIGN_OUT_LINK_STATE)).toBe(true);
    expect(isSignOutFromApp({ ...SIGN_OUT_LINK_STATE })).toBe(true);
    for (const other of [null, undefined, 'from-app', {}, { signOut: true }, { signOut: 'yes' }]) {
      expect(isSignOutFromApp(other)).toBe(false);
    }
  });
});
