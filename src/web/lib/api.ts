import type { DirectCall } from '../../shared/api/direct';
import { MESSAGES } from '../../shared/messages';
import { createApiClient, readCookie, type ApiClient, type ApiError } from './api-client';
import { createXhrUpload } from './xhr-upload';

/**
 * The two instances of the one API client (DESIGN §3 "One data path"): `api` for components in
 * the browser, `serverApi(context)` for route loaders and actions. Nothing here knows what a
 * session looks like to the user: the app layer tells the browser client what to do when one
 * ends (`setSessionExpiredHandler`).
 */

/** The readable access-token cookie (SPEC §3, §6): sent as x-access-token. */
export const ACCESS_TOKEN_COOKIE = 'token';

export type SessionExpiredHandler = (error: ApiError) => void | Promise<void>;

let sessionExpiredHandler: SessionExpiredHandler | null = null;

/**
 * What the browser client does once a token refresh has failed (SPEC §8: modal, sign out, /login).
 * Set once by the app layer (root.tsx); `null` removes it.
 */
export function setSessionExpiredHandler(handler: SessionExpiredHandler | null): void {
  sessionExpiredHandler = handler;
}

export const getToken = () =>
  typeof document === 'undefined' ? undefined : readCookie(document.cookie, ACCESS_TOKEN_COOKIE);

/** The browser's API client: /api/v1 with the token cookie, refresh-and-retry, upload progress. */
export const api: ApiClient = createApiClient({
  baseUrl: '/api/v1',
  getToken,
  onSessionExpired: (error) => sessionExpiredHandler?.(error),
  uploadFetch: createXhrUpload(),
  fallbackMessage: MESSAGES.genericError,
});

/**
 * The API client for loaders and actions: calls go in-process carrying the identity the server
 * resolved for the page request — reads straight to their handler (`context.apiDirect`,
 * docs/decisions/046), everything else through `context.apiFetch` (app.inject). The server
 * already checked (and, if needed, refreshed) that session once, so a 401 here is final: no
 * refresh-and-retry.
 */
export function serverApi(context: { apiFetch: typeof fetch; apiDirect?: DirectCall }): ApiClient {
  return createApiClient({
    baseUrl: '/api/v1',
    fetch: context.apiFetch,
    direct: context.apiDirect,
    refresh: false,
    fallbackMessage: MESSAGES.genericError,
  });
}
