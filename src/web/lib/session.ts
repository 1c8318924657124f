import {
  isAdminRole,
  meResponse,
  type AuthTokens,
  type SessionUser,
} from '../../shared/contracts/accounts';
import type { Site } from '../../shared/contracts/sites';

/**
 * The signed-in user and their site as the page shell sees them: the shared contracts
 * (`meResponse` in src/shared/contracts/accounts.ts) are the one source of truth for their shape.
 *
 * During SSR every loader of one request shares a single GET /api/v1/users/me through
 * `getSession(context)`, memoised per load context (one context object per request).
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
 * GET /api/v1/users/me: 200 with a `meResponse` body → the session; anything else (another status,
 * a malformed body, the API being down) → signed out.
 */
export async function fetchSession(apiFetch: typeof fetch): Promise<Session> {
  try {
    const res = await apiFetch('/api/v1/users/me', { headers: { accept: 'application/json' } });
    if (res.status !== 200) return EMPTY_SESSION;
    // A malformed answer means signed out. zod drops unknown keys, so no token gets through.
    const parsed = meResponse.safeParse(await res.json());
    return parsed.success ? { user: parsed.data.user, site: parsed.data.site } : EMPTY_SESSION;
  } catch {
    return EMPTY_SESSION;
  }
}

const sessions = new WeakMap<object, Promise<Session>>();

/** The request's session, fetched once per load context however many loaders ask. */
export function getSession(context: { apiFetch: typeof fetch }): Promise<Session> {
  let session = sessions.get(context);
  if (!session) {
    session = fetchSession(context.apiFetch);
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
