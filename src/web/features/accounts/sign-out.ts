/**
 * /logout signs out in one step only when the app's own "Sign out" links lead there: they pass
 * this router state, which no other site can set (it lives in this origin's history). Opened any
 * other way (a link from another site, the address bar, a reload) /logout asks first.
 */
export const SIGN_OUT_LINK_STATE = { signOut: 'from-app' } as const;

/** Whether a navigation's state is the one the app's "Sign out" links pass. */
export function isSignOutFromApp(state: unknown): boolean {
  return (
    typeof state === 'object' &&
    state !== null &&
    (state as { signOut?: unknown }).signOut === SIGN_OUT_LINK_STATE.signOut
  );
}
