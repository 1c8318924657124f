import { MESSAGES } from '../../../shared/messages';
import { modalActions, showNotify } from '../../components/ui/modal';
import { loginUrlFor } from '../../lib/redirect';
import { rememberAttemptedUrl, useAuthStore } from './stores/auth-store';

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
 * modal. Returns at once (the modal is not awaited), so the failing call settles immediately and
 * its caller sees `isSessionExpired(error)` and stays quiet. The browser API client calls it
 * through `setSessionExpiredHandler` (lib/api.ts), wired in root.tsx.
 */
export function handleSessionExpired(): void {
  if (expiryNoticeOpen) return;
  expiryNoticeOpen = true;
  const here = window.location.pathname + window.location.search;
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
