import { UPGRADE_PATH } from '../../../../shared/constants';
import { ApiError, isSessionExpired } from '../../../lib/api-error';
import { apiErrorMessage } from '../../../lib/errors';
import { modalActions, showConfirm, showNotify } from './modal-store';

/**
 * Shows a failed call's message in the notify modal (server message, else `fallback`). Quiet when
 * the call ended the session: the session-expired modal is already on its way. A plan's limit
 * (403 PLAN_LIMIT, docs/decisions/032) asks instead whether to see the plans: Okay goes to
 * /plan-selection, Nope stays.
 */
export function notifyError(error: unknown, fallback: string): Promise<boolean> {
  if (isSessionExpired(error)) return Promise.resolve(false);
  if (error instanceof ApiError && error.code === 'PLAN_LIMIT') {
    return showConfirm(
      `${error.message} See the plans now?`,
      modalActions.navigate(UPGRADE_PATH),
      'Upgrade your plan',
    );
  }
  return showNotify(apiErrorMessage(error, fallback));
}
