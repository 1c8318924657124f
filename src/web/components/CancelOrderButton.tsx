import { useState } from 'react';
import { commerceApi } from '../../shared/api/commerce';
import { orderRef } from '../../shared/contracts/commerce-rules';
import { MESSAGES } from '../../shared/messages';
import { api } from '../lib/api';
import { isSessionExpired } from '../lib/api-client';
import { apiErrorMessage } from '../lib/errors';
import { modalActions, showConfirm } from './ui/modal';

/**
 * "Cancel order" on an unpaid order (the Purchases page and the checkout's payment step, ADR 052):
 * confirmed in the app's modal, then POST /orders/cancel; its items are back on sale at once.
 * Here, not in a feature, because both the orders and the cart features show it.
 */
export function CancelOrderButton({
  orderId,
  onCancelled,
}: {
  orderId: string;
  onCancelled: () => void;
}) {
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const ref = orderRef(orderId);

  async function cancel() {
    setFailure(null);
    setPending(true);
    try {
      const done = await showConfirm(
        `Cancel order ${ref}? Its items are released for others to buy, and nothing is charged. ${MESSAGES.confirmIrreversible}`,
        modalActions.run(async () => {
          await api.call(commerceApi.cancelOrder, { body: { id: orderId } });
        }),
        `Cancel order ${ref}?`,
      );
      if (done) onCancelled();
    } catch (err) {
      if (!isSessionExpired(err)) setFailure(apiErrorMessage(err, MESSAGES.genericError));
    } finally {
      setPending(false);
    }
  }

  return (
    <div className="flex flex-col gap-2">
      <button
        type="button"
        className="btn btn-secondary w-full sm:w-auto"
        disabled={pending}
        onClick={() => void cancel()}
        data-testid="cancel-order"
      >
        {pending ? 'Cancelling…' : 'Cancel order'}
        <span className="sr-only"> {ref}</span>
      </button>
      <div aria-live="polite">
        {failure ? (
          <p role="alert" className="field-error" data-testid="cancel-order-error">
            {failure}
          </p>
        ) : null}
      </div>
    </div>
  );
}
