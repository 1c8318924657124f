import { accountsApi } from '../../../shared/api/accounts';
import {
  isAdminRole,
  meResponse,
  type AuthTokens,
  type SessionUser,
} from '../../../shared/contracts/accounts';
import type { Site } from '../../../shared/contracts/sites';
import { serverApi } from '../../lib/api';
import type { ApiClient } from '../../lib/api-client';

/**
 * The signed-in user and their site as the page shell sees them: the shared contracts
 * (`meResponse` in src/shared/contracts/accounts.ts) are the one source of truth for their shape.
 *
 * During SSR every loader of one request shares a single GET /users/me through
 * `getSession(context)`, memoised per load context (one context object per request), and only
 * when the server found a session for the request (`context.signedIn`).
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

/**
 * GET /users/me through the server's API client: its `meResponse` answer → the session; anything
 * else (another status, a malformed body, the API being down) → signed out.
 */
export async function fetchSession(client: ApiClient): Promise<Session> {
  try {
    const me = await client.call(accountsApi.me, {});
    // Checked again here: a malformed answer means signed out, and zod drops keys the contract
    // does not name, so no token can reach the rendered page.
    const parsed = meResponse.safeParse(me);
    return parsed.success ? { user: parsed.data.user, site: parsed.data.site } : EMPTY_SESSION;
  } catch {
    return EMPTY_SESSION;
  }
}

/** What the session needs of the load context (src/web/load-context.ts). */
export interface SessionContext {
  apiFetch: typeof fetch;
  /** The server found a session for this request; false → signed out, no API call at all. */
  signedIn: boolean;
}

const sessions = new WeakMap<object, Promise<Session>>();

/**
 * The request's session: signed out at once when the server found none (anonymous page views do
 * no session work); otherwise one GET /users/me per load context however many loaders ask.
 */
export function getSession(context: SessionContext): Promise<Session> {
  if (!context.signedIn) return Promise.resolve(EMPTY_SESSION);
  let session = sessions.get(context);
  if (!session) {
    session = fetchSession(serverApi(context));
    sessions.set(context, session);
  }
  return session;
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
