import type { DirectCall } from '../../shared/api/direct';
import { MESSAGES } from '../../shared/messages';
import { createApiClient, type ApiClient } from './api-client';
import { readCookie, type ApiError } from './api-error';

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

let browserClient: Promise<ApiClient> | null = null;

/** The browser's client, loaded and built on the first call; a failed load is tried again next. */
function loadBrowserClient(): Promise<ApiClient> {
  browserClient ??= import('./browser-api').then(
    ({ createBrowserApi }) =>
      createBrowserApi({ getToken, onSessionExpired: (error) => sessionExpiredHandler?.(error) }),
    (error: unknown) => {
      browserClient = null;
      throw error;
    },
  );
  return browserClient;
}

/**
 * The browser's API client: /api/v1 with the token cookie, refresh-and-retry, upload progress
 * (browser-api.ts). The client's code loads on the first call (docs/decisions/054): the public
 * pages every visitor opens call the API only after an interaction, so it is not part of the
 * JavaScript they load. Every call is asynchronous anyway; the first waits for one small chunk.
 */
export const api: ApiClient = {
  exchange: async (endpoint, input, opts) =>
    (await loadBrowserClient()).exchange(endpoint, input, opts),
  call: async (endpoint, input, opts) => (await loadBrowserClient()).call(endpoint, input, opts),
};

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
