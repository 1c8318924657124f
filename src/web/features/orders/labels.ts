import type {
  OrderStatus,
  PayoutStatus,
  TransactionStatus,
} from '../../../shared/contracts/commerce-rules';
import { CARRIERS, orderRef } from '../../../shared/contracts/commerce-rules';
import type { Tone } from '../../components/ui/StatusBadge';

// What the purchases and sales pages call each status, and its badge's tone. Dates are shown in
// UTC so the server render and the browser agree.

export const ORDER_STATUS: Record<OrderStatus, { label: string; tone: Tone }> = {
  pending: { label: 'Awaiting payment', tone: 'wait' },
  payment_failed: { label: 'Payment failed', tone: 'bad' },
  paid: { label: 'Paid', tone: 'info' },
  shipped: { label: 'Shipped', tone: 'good' },
  cancelled: { label: 'Cancelled', tone: 'off' },
};

/** A seller's part as the buyer sees it. */
export const PART_STATUS: Record<TransactionStatus, { label: string; tone: Tone }> = {
  pending: { label: 'Awaiting payment', tone: 'wait' },
  paid: { label: 'Preparing to ship', tone: 'info' },
  shipped: { label: 'Shipped', tone: 'good' },
  cancelled: { label: 'Cancelled', tone: 'off' },
};

/** A sale as the seller sees it. */
export const SALE_STATUS: Record<TransactionStatus, { label: string; tone: Tone }> = {
  pending: { label: 'Awaiting payment', tone: 'wait' },
  paid: { label: 'To ship', tone: 'wait' },
  shipped: { label: 'Shipped', tone: 'good' },
  cancelled: { label: 'Cancelled', tone: 'off' },
};

export const PAYOUT_STATUS: Record<PayoutStatus, { label: string; tone: Tone }> = {
  none: { label: 'Nothing to pay out', tone: 'off' },
  held: { label: 'Held', tone: 'wait' },
  pending: { label: 'Payout on its way', tone: 'info' },
  paid: { label: 'Paid out', tone: 'good' },
  refunded: { label: 'Refunded to the buyer', tone: 'off' },
};

export const carrierName = (id: string | null) => (id && CARRIERS[id]?.name) || 'Other carrier';

export { formatDay, optionsText } from '../../../shared/format';

/** Orders not paid yet (a failed attempt may still be retried until the order expires). */
export { isUnpaidStatus as isUnpaid } from '../../../shared/contracts/commerce-rules';

/** "ORDER 1A2B3C4D": the short reference the emails and the server's messages use too. */
export const shortRef = orderRef;

/** The id of an order's card on /orders: a seller's message about the order links to it. */
export const orderAnchor = (orderId: string): string => `order-card-${orderId}`;

/** Where the buyer sees an order: its card on /orders. */
export const orderPath = (orderId: string): string => `/orders#${orderAnchor(orderId)}`;

/** A postal address as lines (empty parts left out). */
export const addressLines = (a: {
  name: string;
  line1: string;
  line2: string;
  city: string;
  region: string;
  postalCode: string;
  country: string;
}) =>
  [a.name, a.line1, a.line2, [a.city, a.region, a.postalCode].filter(Boolean).join(' '), a.country]
    .filter(Boolean)
    .join('\n');
