import { useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { modalActions, notifyError, showConfirm, showNotify } from '../../../components/ui/modal';
import { MESSAGES } from '../../../../shared/messages';
import { block } from '../api/social-calls';

/**
 * Block / Unblock a member (a toggle, POST /users/block). Blocking asks first — it also ends the
 * follows between the two; unblocking does not ask. Not optimistic: the state shown is the
 * server's.
 */
export function BlockButton({
  userId,
  name,
  blocked,
  onChange,
  className = 'btn btn-secondary',
}: {
  userId: string;
  name: string;
  blocked: boolean;
  onChange?: (blocked: boolean) => void;
  className?: string;
}) {
  const [busy, setBusy] = useState(false);

  async function onClick() {
    if (busy) return;
    if (!blocked && !(await showConfirm(MESSAGES.confirmBlock))) return;
    setBusy(true);
    try {
      const answer = await block(userId);
      onChange?.(answer.blocked);
    } catch (error) {
      if (error instanceof ApiError && error.status === 401)
        void showNotify(MESSAGES.loginRequired, modalActions.login);
      else void notifyError(error, MESSAGES.blockError);
    } finally {
      setBusy(false);
    }
  }

  return (
    <button
      type="button"
      className={className}
      aria-label={`${blocked ? 'Unblock' : 'Block'} ${name}`}
      data-testid={blocked ? 'unblock-button' : 'block-button'}
      disabled={busy}
      onClick={onClick}
    >
      {blocked ? 'Unblock' : 'Block'}
    </button>
  );
}
