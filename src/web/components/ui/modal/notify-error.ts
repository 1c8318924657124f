import { isSessionExpired } from '../../../lib/api-client';
import { apiErrorMessage } from '../../../lib/errors';
import { showNotify } from './modal-store';

/**
 * Shows a failed call's message in the notify modal (server message, else `fallback`). Quiet when
 * the call ended the session: the session-expired modal is already on its way.
 */
export function notifyError(error: unknown, fallback: string): Promise<boolean> {
  if (isSessionExpired(error)) return Promise.resolve(false);
  return showNotify(apiErrorMessage(error, fallback));
}
