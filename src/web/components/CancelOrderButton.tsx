import { commerceApi } from '../../shared/api/commerce';
import { orderRef } from '../../shared/contracts/commerce-rules';
import { api } from '../lib/api';
import { ConfirmedCancel } from './ConfirmedCancel';

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
  const ref = orderRef(orderId);
  return (
    <ConfirmedCancel
      title={`Cancel order ${ref}?`}
      message={`Cancel order ${ref}? Its items are released for others to buy, and nothing is charged.`}
      cancel={() => api.call(commerceApi.cancelOrder, { body: { id: orderId } })}
      onCancelled={onCancelled}
      errorTestId="cancel-order-error"
    >
      {({ pending, confirm, failure }) => (
        <div className="flex flex-col gap-2">
          <button
            type="button"
            className="btn btn-secondary w-full sm:w-auto"
            disabled={pending}
            onClick={confirm}
            data-testid="cancel-order"
          >
            {pending ? 'Cancelling…' : 'Cancel order'}
            <span className="sr-only"> {ref}</span>
          </button>
          {failure}
        </div>
      )}
    </ConfirmedCancel>
  );
}
