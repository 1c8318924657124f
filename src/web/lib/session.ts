/**
 * The signed-in user as the page shell sees it (SPEC §3 User and Site, typed loosely: the exact
 * zod contracts arrive with the accounts API in src/shared/contracts/accounts.ts).
 *
 * During SSR every loader of one request shares a single GET /api/v1/users/me through
 * `getSession(context)`, memoised per load context (one context object per request).
 */
export type UserRole = 'user' | 'moderator' | 'admin' | 'superAdmin' | (string & {});
export type AccountType = 'seller' | 'buyer' | 'both';

export interface ImageRef {
  thumbnail?: string | null;
  fullsize?: string | null;
}

export interface SessionUser {
  _id: string;
  username: string;
  name: string;
  email: string;
  role: UserRole;
  accountType?: AccountType;
  image?: ImageRef | null;
  bio?: string;
  link?: string;
  likesCount?: number;
  [key: string]: unknown;
}

export interface SessionSite {
  _id: string;
  name: string;
  [key: string]: unknown;
}

export interface Session {
  user: SessionUser | null;
  site: SessionSite | null;
}

export const EMPTY_SESSION: Session = Object.freeze({ user: null, site: null });

const ADMIN_ROLES: readonly string[] = ['admin', 'superAdmin'];

export function isAdmin(user: Pick<SessionUser, 'role'> | null | undefined): boolean {
  return !!user && ADMIN_ROLES.includes(user.role);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Narrows an API answer to a SessionUser; tokens never leave the server render or reach storage. */
export function toSessionUser(value: unknown): SessionUser | null {
  if (!isRecord(value) || typeof value._id !== 'string') return null;
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  const { token, refreshToken, ...rest } = value;
  const str = (v: unknown) => (typeof v === 'string' ? v : '');
  return {
    ...rest,
    _id: value._id,
    username: str(value.username),
    name: str(value.name) || str(value.username),
    email: str(value.email),
    role: str(value.role) || 'user',
  };
}

export function toSessionSite(value: unknown): SessionSite | null {
  if (!isRecord(value) || typeof value._id !== 'string') return null;
  return { ...value, _id: value._id, name: typeof value.name === 'string' ? value.name : '' };
}

/** GET /api/v1/users/me: 200 → the session; anything else (or the API being down) → signed out. */
export async function fetchSession(apiFetch: typeof fetch): Promise<Session> {
  try {
    const res = await apiFetch('/api/v1/users/me', { headers: { accept: 'application/json' } });
    if (res.status !== 200) return EMPTY_SESSION;
    const body: unknown = await res.json();
    if (!isRecord(body)) return EMPTY_SESSION;
    const user = toSessionUser(body.user);
    return user ? { user, site: toSessionSite(body.site ?? user.site) } : EMPTY_SESSION;
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
