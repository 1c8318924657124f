import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import type { Transaction } from '../../../../shared/contracts/commerce';
import { keptShare } from '../../../../shared/contracts/earnings-rules';
import { formatDateTime, formatMoney, formatPercent } from '../../../../shared/format';
import { SALE_STATUS, formatDay } from '../labels';
import { ItemLines, Shipment, StatusBadge, Totals } from './Bits';
import { CancelSaleForm } from './CancelSaleForm';
import { AddressBlock, MessageBuyer, PayoutStatus } from './SaleParts';
import { ShipForm } from './ShipForm';

// /sales/:id: the sale in full — items, buyer, where it ships, totals, payout — and, while it
// is paid and unshipped, the seller's two moves: mark shipped, or cancel.

export function SaleDetail({ sale, onChanged }: { sale: Transaction; onChanged: () => void }) {
  const status = SALE_STATUS[sale.status];
  const summary = useRef<HTMLHeadingElement>(null);
  const shown = useRef(sale.status);
  // Shipping or cancelling removes the form that had focus: focus moves to the sale's summary,
  // which now says what happened.
  useEffect(() => {
    if (shown.current === 'paid' && sale.status !== 'paid') summary.current?.focus();
    shown.current = sale.status;
  }, [sale.status]);
  return (
    <div className="flex flex-col gap-6" data-testid="sale-detail" data-status={sale.status}>
      <section className="card flex flex-col gap-3" aria-labelledby="sale-summary">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2
            id="sale-summary"
            ref={summary}
            tabIndex={-1}
            className="text-lg font-semibold text-gray-900"
          >
            Sold to <bdi>{sale.buyer.name}</bdi>
          </h2>
          <StatusBadge label={status.label} tone={status.tone} testId="sale-status" />
        </div>
        <p className="text-sm text-gray-700">
          Ordered <time dateTime={sale.createdAt}>{formatDateTime(sale.createdAt)}</time>
          {sale.paidAt ? (
            <>
              , paid <time dateTime={sale.paidAt}>{formatDateTime(sale.paidAt)}</time>
            </>
          ) : null}
          .
        </p>
        <div className="text-sm">
          <MessageBuyer sale={sale} />
        </div>
        {sale.status === 'paid' && sale.shipBy ? (
          <p className="text-sm text-gray-900" data-testid="ship-by">
            Ship it by <strong>{formatDay(sale.shipBy)}</strong>: a sale not marked shipped by then
            is cancelled and the buyer refunded.
          </p>
        ) : null}
        <div role="status" className="empty:hidden">
          <Shipment sale={sale} />
        </div>
        {sale.status === 'cancelled' ? (
          <p className="text-sm text-gray-800" data-testid="cancel-reason">
            Cancelled {formatDay(sale.cancelledAt)}
            {sale.cancelReason ? `: ${sale.cancelReason}` : '.'}
          </p>
        ) : null}
        <div className="text-sm">
          <PayoutStatus sale={sale} />
        </div>
      </section>

      <div className="grid gap-6 md:grid-cols-2">
        <section className="card" aria-labelledby="sale-items">
          <h2 id="sale-items" className="text-lg font-semibold text-gray-900">
            Items
          </h2>
          <ItemLines items={sale.items} currency={sale.currency} />
          <Totals
            subtotal={sale.subtotal}
            discount={sale.discount}
            discountCode={sale.discountCode}
            shipping={sale.shipping}
            tax={sale.tax}
            total={sale.total}
            currency={sale.currency}
          />
          <dl
            className="mt-2 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 border-t border-gray-200 pt-2 text-sm"
            data-testid="sale-fee"
          >
            <dt className="text-gray-700">
              Platform fee (your plan at the time of the sale)
              {/* A cancelled sale was refunded whole: nothing of it is kept, by anyone. */}
              {sale.status === 'cancelled' ? null : (
                <span className="block text-xs" data-testid="kept-share">
                  You keep {formatPercent(keptShare(sale), { fractionDigits: 1 })} of the items and shipping; the tax is
                  yours in full.
                </span>
              )}
            </dt>
            <dd className="text-right text-gray-900" data-testid="platform-fee">
              −{formatMoney(sale.platformFee, sale.currency)}
            </dd>
            <dt className="font-semibold text-gray-900">Your payout</dt>
            <dd className="text-right font-semibold text-gray-900" data-testid="payout-amount">
              {formatMoney(sale.payout, sale.currency)}
            </dd>
          </dl>
        </section>
        <section className="card text-sm" aria-label="Buyer and shipping address">
          <AddressBlock sale={sale} />
          {sale.buyer._id ? (
            <p className="mt-3">
              <Link to={`/users/${encodeURIComponent(sale.buyer._id)}`} className="link">
                <bdi>{sale.buyer.name}</bdi>&apos;s profile
              </Link>
            </p>
          ) : null}
        </section>
      </div>

      {sale.status === 'paid' ? (
        <div className="grid gap-6 md:grid-cols-2">
          <div className="card">
            <ShipForm saleId={sale._id} onShipped={onChanged} />
          </div>
          <div className="card">
            <CancelSaleForm
              saleId={sale._id}
              total={sale.total}
              currency={sale.currency}
              onCancelled={onChanged}
            />
          </div>
        </div>
      ) : null}
    </div>
  );
}
