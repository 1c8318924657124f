import { accountsApi } from '../../../shared/api/accounts';
import { meResponse } from '../../../shared/contracts/accounts';
import { serverApi } from '../../lib/api';
import type { ApiClient } from '../../lib/api-client';
import { EMPTY_SESSION, type Session } from './session';

/**
 * The session during SSR (server only: `.server` keeps it, and the contracts' zod schemas it
 * checks with, out of the browser bundle). Every loader of one request shares a single
 * GET /users/me through `getSession(context)`, memoised per load context (one context object per
 * request), and only when the server found a session for the request (`context.signedIn`).
 */

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
