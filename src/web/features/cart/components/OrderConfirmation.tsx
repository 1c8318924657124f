import { useEffect, useRef } from 'react';
import { useRevalidator } from 'react-router';
import type { Order } from '../../../../shared/contracts/commerce';
import { formatMoney, formatNumber } from '../../../../shared/format';
import { PageHeader } from '../../../components/ui/page';
import { addressLines } from '../address-lines';

/** The short form of an order id people can read out ("3F2A9C1B"), as /orders shows it. */
export const orderNumber = (id: string) => id.slice(0, 8).toUpperCase();

/** How often, and how many times, /thanks looks again for a payment still being confirmed. */
const RECHECK_MS = 2000;
const RECHECKS = 30;

/**
 * While the payment is being confirmed (Stripe tells the server by webhook, a moment after the
 * buyer paid), the page reads the order again every few seconds, for a minute at most.
 */
function useRecheckWhile(waiting: boolean) {
  const { revalidate, state } = useRevalidator();
  const done = useRef(0);
  useEffect(() => {
    if (!waiting || state !== 'idle' || done.current >= RECHECKS) return;
    const timer = setTimeout(() => {
      done.current += 1;
      void revalidate();
    }, RECHECK_MS);
    return () => clearTimeout(timer);
  }, [waiting, state, revalidate]);
}

/** Where the payment stands, in a sentence. */
function paymentStatus(order: Order): string {
  switch (order.status) {
    case 'paid':
    case 'shipped':
      return 'Your payment went through. A confirmation is on its way to your email.';
    case 'pending':
      return 'We are waiting for the payment provider to confirm your payment. This page updates by itself; you will also find the order under Purchases, and get an email once it is confirmed.';
    case 'payment_failed':
      return `The payment did not go through${order.paymentError ? `: ${order.paymentError}` : '.'} You will find the order under Purchases.`;
    case 'cancelled':
      return 'This order was cancelled. You will find it under Purchases.';
  }
}

const units = (n: number) => `${formatNumber(n)} ${n === 1 ? 'item' : 'items'}`;

/**
 * /thanks for a placed order: its number and total, each seller's part, where it ships, and what
 * happens next. A payment still being confirmed (the provider's webhook) says so.
 */
export function OrderConfirmation({ order }: { order: Order }) {
  const money = (n: number) => formatMoney(n, order.currency);
  const settled = order.status === 'paid' || order.status === 'shipped';
  useRecheckWhile(order.status === 'pending');
  const parts = order.transactions.filter((t) => t.status !== 'cancelled');
  return (
    <>
      <PageHeader
        title="Thank you for your order!"
        description={
          <p role="status" data-testid="thanks-payment-status">
            {paymentStatus(order)}
          </p>
        }
      />
      <section className="card mb-8 space-y-6" aria-labelledby="order-heading">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="order-heading" className="text-lg font-semibold text-gray-900">
            Order <span data-testid="thanks-order-number">{orderNumber(order._id)}</span>
          </h2>
          <p className="text-lg">
            Total <strong data-testid="thanks-order-total">{money(order.grandTotal)}</strong>
          </p>
        </div>
        {settled ? (
          <p className="font-medium text-green-800" data-testid="thanks-sellers-told">
            The sellers have been told to ship.
          </p>
        ) : null}
        <div>
          <h3 className="font-semibold text-gray-900">
            {parts.length === 1 ? 'From one seller' : `From ${formatNumber(parts.length)} sellers`}
          </h3>
          <ul className="mt-2 divide-y divide-gray-200" data-testid="thanks-parts">
            {parts.map((t) => (
              <li key={t._id} className="py-3">
                <div className="flex flex-wrap justify-between gap-2">
                  <span className="font-medium text-gray-900">
                    <bdi>{t.seller.name}</bdi>{' '}
                    <span className="font-normal text-gray-700">
                      · {units(t.items.reduce((n, i) => n + i.amount, 0))}
                    </span>
                  </span>
                  <span className="font-medium">{money(t.total)}</span>
                </div>
                <p className="text-sm text-gray-700">
                  {t.items.map((i) => `${i.title} × ${formatNumber(i.amount)}`).join(', ')}
                </p>
                {t.discount > 0 ? (
                  <p className="text-sm text-green-800" data-testid="thanks-part-discount">
                    Code {t.discountCode}: −{money(t.discount)}
                  </p>
                ) : null}
              </li>
            ))}
          </ul>
        </div>
        <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
          <dt className="text-gray-700">Items</dt>
          <dd className="text-right">{money(order.subtotal)}</dd>
          {order.discount > 0 ? (
            <>
              <dt className="text-gray-700">Discount</dt>
              <dd className="text-right">−{money(order.discount)}</dd>
            </>
          ) : null}
          <dt className="text-gray-700">Shipping</dt>
          <dd className="text-right">{money(order.shipping)}</dd>
          <dt className="text-gray-700">Tax</dt>
          <dd className="text-right">{money(order.tax)}</dd>
        </dl>
        <div>
          <h3 className="font-semibold text-gray-900">Ships to</h3>
          <address className="mt-1 text-sm not-italic text-gray-800">
            {addressLines(order.shippingAddress).map((line, i) => (
              <span key={i} className="block">
                {line}
              </span>
            ))}
          </address>
        </div>
      </section>
    </>
  );
}
