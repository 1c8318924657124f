import type { ReactNode } from 'react';
import { Link, useRevalidator } from 'react-router';
import type { Order, Transaction } from '../../../../shared/contracts/commerce';
import { RETURN_STATUS_LABELS } from '../../../../shared/contracts/returns-rules';
import { formatDateTime, formatMoney, formatNumber } from '../../../../shared/format';
import type { OrdersState } from '../api/orders-api';
import {
  ORDER_STATUS,
  PART_STATUS,
  addressLines,
  formatDay,
  isUnpaid,
  orderAnchor,
  shortRef,
} from '../labels';
import { useSelection } from '../stores/selection-store';
import { CancelOrderButton } from '../../../components/CancelOrderButton';
import { MessageLink } from '../../../components/MessageLink';
import { ItemLines, SelectButton, SelectableList, Shipment, StatusBadge, Totals } from './Bits';

// /orders (purchases): each order as a card — date, status, total and, per seller, the part's
// status, items, tracking link, cancel reason, feedback link and Message seller (about their sale
// of it, which is the seller's page of it: /sales/{id}) — and, when selected, its detail:
// the address it ships to, when it was paid and the totals in full.

export function OrderList({ list, empty }: { list: OrdersState; empty: ReactNode }) {
  const selected = useSelection((s) => s.orderId);
  const toggle = useSelection((s) => s.toggleOrder);
  return (
    <SelectableList
      name="order"
      label="Your orders"
      error={list.error}
      records={list.orders}
      empty={empty}
      selectedId={selected}
      onToggle={toggle}
      card={(order, isSelected, onToggle) => (
        <OrderCard key={order._id} order={order} selected={isSelected} onToggle={onToggle} />
      )}
    />
  );
}

function OrderCard({
  order,
  selected,
  onToggle,
}: {
  order: Order;
  selected: boolean;
  onToggle: () => void;
}) {
  const status = ORDER_STATUS[order.status];
  const items = order.transactions.flatMap((p) => p.items);
  const count = items.reduce((n, i) => n + i.amount, 0);
  const ref = shortRef(order._id);
  const detailId = `order-${order._id}`;
  return (
    <li
      // The address a seller's message about this order links to (/orders#order-card-{id}).
      id={orderAnchor(order._id)}
      className="card"
      data-testid="order-card"
      data-order-id={order._id}
      data-selected={selected}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 className="text-lg font-semibold text-gray-900">
            Order {ref}{' '}
            <span className="text-base font-normal text-gray-700">
              · <time dateTime={order.createdAt}>{formatDay(order.createdAt)}</time>
            </span>
          </h2>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-gray-700">
            <StatusBadge label={status.label} tone={status.tone} testId="order-status" />
            <span>
              {formatNumber(count)} {count === 1 ? 'item' : 'items'} ·{' '}
              <strong className="text-gray-900">
                {formatMoney(order.grandTotal, order.currency)}
              </strong>
            </span>
          </p>
        </div>
        <SelectButton
          selected={selected}
          controls={detailId}
          label={`order ${ref}`}
          onToggle={onToggle}
          testId="order-select"
        />
      </div>
      {isUnpaid(order.status) ? <AwaitingPayment order={order} /> : null}
      <ul className="mt-4 flex flex-col gap-4" aria-label={`Sellers of order ${ref}`}>
        {order.transactions.map((part) => (
          <SellerPart key={part._id} part={part} />
        ))}
      </ul>
      {selected ? <OrderDetail id={detailId} order={order} /> : null}
    </li>
  );
}

function AwaitingPayment({ order }: { order: Order }) {
  // Cancelled: the list is read again, and the card shows the order cancelled.
  const { revalidate } = useRevalidator();
  return (
    <div
      className="mt-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-950"
      data-testid="awaiting-payment"
    >
      <p className="font-semibold">Awaiting payment</p>
      {order.paymentError ? <p>The last attempt failed: {order.paymentError}</p> : null}
      <p>
        Pay before <time dateTime={order.expiresAt}>{formatDateTime(order.expiresAt)}</time>, or the
        order is cancelled and its items go back on sale.
      </p>
      <div className="mt-2">
        <CancelOrderButton orderId={order._id} onCancelled={() => void revalidate()} />
      </div>
    </div>
  );
}

/** The discount codes the order's parts used, as typed by their sellers ("SPRING25, RETRO5"). */
const codesOf = (order: Order) =>
  order.transactions
    .flatMap((p) => (p.discountCode && p.discount > 0 ? [p.discountCode] : []))
    .join(', ') || null;

/** What selecting an order adds: where it goes, when it was paid, and the money in full. */
function OrderDetail({ id, order }: { id: string; order: Order }) {
  return (
    <section
      id={id}
      aria-label={`Details of order ${shortRef(order._id)}`}
      className="mt-4 grid gap-4 border-t border-gray-200 pt-4 md:grid-cols-2"
      data-testid="order-detail"
    >
      <div className="text-sm text-gray-800">
        <h3 className="font-semibold text-gray-900">Shipping to</h3>
        <p className="whitespace-pre-line break-words">{addressLines(order.shippingAddress)}</p>
        {order.paidAt ? <p className="mt-2">Paid {formatDateTime(order.paidAt)}</p> : null}
        <p className="mt-2 break-all text-gray-700">Order reference: {order._id}</p>
      </div>
      <Totals
        subtotal={order.subtotal}
        discount={order.discount}
        discountCode={codesOf(order)}
        shipping={order.shipping}
        tax={order.tax}
        total={order.grandTotal}
        currency={order.currency}
        totalLabel="Order total"
      />
    </section>
  );
}

function SellerPart({ part }: { part: Transaction }) {
  const status = PART_STATUS[part.status];
  return (
    <li
      className="rounded-lg border border-gray-200 p-3"
      data-testid="order-part"
      data-status={part.status}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold text-gray-900">
          From{' '}
          <Link to={`/${encodeURIComponent(part.seller.username)}`} className="link">
            <bdi>{part.seller.name}</bdi>
          </Link>
        </h3>
        <StatusBadge label={status.label} tone={status.tone} testId="part-status" />
      </div>
      <ItemLines items={part.items} currency={part.currency} />
      {part.discount > 0 ? (
        // The code stays on the order, paid or not (docs/decisions/073).
        <p className="mt-1 text-sm text-green-800" data-testid="part-discount">
          Code {part.discountCode}: −{formatMoney(part.discount, part.currency)} on these items
        </p>
      ) : null}
      <div className="flex flex-col gap-2 text-sm text-gray-800">
        {part.status === 'paid' && part.shipBy ? (
          <p>The seller ships it by {formatDay(part.shipBy)}, or it is cancelled and refunded.</p>
        ) : null}
        <Shipment sale={part} />
        {part.status === 'cancelled' ? (
          <p data-testid="cancel-reason">
            Cancelled{part.cancelledAt ? ` ${formatDay(part.cancelledAt)}` : ''}
            {part.cancelReason ? `: ${part.cancelReason}` : '.'}
            {part.paidAt ? ` You are refunded ${formatMoney(part.total, part.currency)}.` : ''}
          </p>
        ) : null}
        {part.returnRequest ? (
          <p data-testid="part-return">
            <Link to={`/returns/${encodeURIComponent(part.returnRequest._id)}`} className="link">
              Refund request: {RETURN_STATUS_LABELS[part.returnRequest.status]}
            </Link>
            {part.returnRequest.refund !== null
              ? ` (${formatMoney(part.returnRequest.refund, part.currency)})`
              : ''}
          </p>
        ) : part.status === 'shipped' ? (
          <p>
            <Link
              to={`/returns/new/${encodeURIComponent(part._id)}`}
              className="link"
              data-testid="ask-refund"
            >
              Ask for a refund
              <span className="sr-only">
                {' '}
                from <bdi>{part.seller.name}</bdi>
              </span>
            </Link>
          </p>
        ) : null}
        {part.status === 'shipped' && !part.buyerFeedbackGiven ? (
          <p>
            <Link
              to={`/feedback/orders/${encodeURIComponent(part.orderId)}`}
              className="link"
              data-testid="leave-feedback"
            >
              Leave feedback
              <span className="sr-only">
                {' '}
                for <bdi>{part.seller.name}</bdi>
              </span>
            </Link>
          </p>
        ) : null}
        {part.seller._id ? (
          <p>
            <MessageLink
              to={part.seller.username}
              about={`/sales/${encodeURIComponent(part._id)}`}
              name={part.seller.name}
              label="Message seller"
              className="link"
              testId="message-seller"
            />
          </p>
        ) : null}
      </div>
    </li>
  );
}
