import { MESSAGES } from '../../shared/messages';
import { modalActions, showNotify } from '../components/ui/modal';
import { rememberAttemptedUrl, useAuthStore } from '../features/auth/stores/auth-store';
import { createApiClient, isSessionExpired, readCookie, type ApiClient } from './api-client';
import { apiErrorMessage } from './errors';
import { loginUrlFor } from './redirect';
import { createXhrUpload } from './xhr-upload';

/** The readable access-token cookie (SPEC §3, §6): sent as x-access-token. */
export const ACCESS_TOKEN_COOKIE = 'token';

function currentPath(): string {
  return window.location.pathname + window.location.search;
}

/** Where a failed refresh sends the user: /login, remembering the page they were on (SPEC §8). */
export function sessionExpiredTarget(path: string): string {
  return path === '/' || path.startsWith('/login') || path.startsWith('/logout')
    ? '/login'
    : loginUrlFor(path);
}

let expiryNoticeOpen = false;

/**
 * SPEC §4, §8: a failed token refresh → modal 'Your session has expired. Please log in again.',
 * signed out locally, the intended route remembered, then /login. Concurrent failures show one
 * modal. Not awaited by the client, so the failing call settles at once (its caller sees
 * `isSessionExpired(error)` and stays quiet).
 */
export function handleSessionExpired(): void {
  if (expiryNoticeOpen) return;
  expiryNoticeOpen = true;
  const here = currentPath();
  const target = sessionExpiredTarget(here);
  useAuthStore.getState().clear();
  rememberAttemptedUrl(here);
  void showNotify(MESSAGES.sessionExpired, modalActions.navigate(target))
    .then((okay) => {
      // Dismissed with Escape: the session is still over, so go anyway.
      if (!okay) window.location.assign(target);
    })
    .catch(() => window.location.assign(target))
    .finally(() => {
      expiryNoticeOpen = false;
    });
}

/** The browser's API client (DESIGN §3 "One data path"): /api/v1 with the token cookie. */
export const api: ApiClient = createApiClient({
  baseUrl: '/api/v1',
  getToken: () =>
    typeof document === 'undefined' ? undefined : readCookie(document.cookie, ACCESS_TOKEN_COOKIE),
  onSessionExpired: handleSessionExpired,
  uploadFetch: createXhrUpload(),
  fallbackMessage: MESSAGES.genericError,
});

/**
 * The API client for loaders and actions: calls go in-process (app.inject) with the page
 * request's access token already attached by the server.
 */
export function serverApi(context: { apiFetch: typeof fetch }): ApiClient {
  return createApiClient({
    baseUrl: '/api/v1',
    fetch: context.apiFetch,
    fallbackMessage: MESSAGES.genericError,
  });
}

/**
 * Shows a failed call's message in the notify modal (server message, else `fallback`). Quiet when
 * the call ended the session: the session-expired modal is already on its way.
 */
export function notifyError(error: unknown, fallback: string): Promise<boolean> {
  if (isSessionExpired(error)) return Promise.resolve(false);
  return showNotify(apiErrorMessage(error, fallback));
}
