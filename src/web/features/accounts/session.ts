import { isAdminRole } from '../../../shared/contracts/account-rules';
import type { AuthTokens, SessionUser } from '../../../shared/contracts/accounts';
import type { Site } from '../../../shared/contracts/sites';

/**
 * The signed-in user and their site as the page shell sees them: the shared contracts
 * (`meResponse` in src/shared/contracts/accounts.ts) are the one source of truth for their shape.
 *
 * Reading it during SSR (`getSession`) is in session.server.ts: this file is also part of the
 * browser bundle (the auth store, the root route), which must not carry the contracts' schemas.
 */
export interface Session {
  user: SessionUser | null;
  site: Site | null;
}

export const EMPTY_SESSION: Session = Object.freeze({ user: null, site: null });

/** admin and superAdmin (the shared `isAdminRole`). */
export function isAdmin(user: Pick<SessionUser, 'role'> | null | undefined): boolean {
  return isAdminRole(user?.role);
}

/**
 * The user without `token`/`refreshToken` (the POST /login answer carries them): tokens live in
 * HttpOnly cookies only, never in persisted state or the rendered page.
 */
export function withoutTokens<T extends object>(user: T): Omit<T, keyof AuthTokens> {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  const { token, refreshToken, ...rest } = user as T & Partial<AuthTokens>;
  return rest;
}

/** Pages after which the session has changed (signed in, or out): leaving them reloads the root. */
const SESSION_CHANGING_PATHS: readonly string[] = ['/login', '/logout'];

/**
 * For the root route's `shouldRevalidate`: React Router keeps the root loader's data on ordinary
 * navigations, but leaving /login (signed in) or /logout (signed out) must refresh who is signed
 * in, so the header shows the avatar menu or the log-in links.
 */
export function sessionMayHaveChanged(fromPathname: string): boolean {
  const path = fromPathname.replace(/\/+$/, '') || '/';
  return SESSION_CHANGING_PATHS.includes(path);
}
