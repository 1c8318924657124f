import type { Transaction } from '../../../../shared/contracts/commerce';
import { MessageLink } from '../../../components/MessageLink';
import { PAYOUT_STATUS, addressLines, orderPath } from '../labels';
import { StatusBadge } from './Bits';

// Parts of a sale the list and the sale page both show.

/** Where the sale ships (the buyer's copy, as they typed it). */
export function AddressBlock({ sale }: { sale: Transaction }) {
  const a = sale.shippingAddress;
  return (
    <div data-testid="shipping-address">
      <h3 className="font-semibold text-gray-900">Ship to</h3>
      <p className="whitespace-pre-line break-words text-gray-800">
        {addressLines(a)}
        {a.phone ? `\nPhone: ${a.phone}` : ''}
      </p>
    </div>
  );
}

/** The seller's money for the sale: held (with why), on its way, paid out or refunded. */
export function PayoutStatus({ sale }: { sale: Transaction }) {
  const payout = PAYOUT_STATUS[sale.payoutStatus];
  return (
    <p className="flex flex-wrap items-center gap-2" data-testid="payout">
      <span>Payout:</span>
      <StatusBadge label={payout.label} tone={payout.tone} testId="payout-status" />
      {sale.payoutStatus === 'held' && sale.payoutHeldReason ? (
        <span data-testid="payout-reason">{sale.payoutHeldReason}</span>
      ) : null}
    </p>
  );
}

/**
 * Message buyer: the composer, private to the buyer (by id: a sale knows no buyer's username),
 * about the order, linked to its card on the buyer's /orders. None for a deleted buyer.
 */
export function MessageBuyer({ sale }: { sale: Transaction }) {
  if (!sale.buyer._id) return null;
  return (
    <p>
      <MessageLink
        to={sale.buyer._id}
        about={orderPath(sale.orderId)}
        name={sale.buyer.name}
        label="Message buyer"
        className="link"
        testId="message-buyer"
      />
    </p>
  );
}
