import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { OrderItem, Transaction } from '../../../../shared/contracts/commerce';
import { formatMoney, formatNumber } from '../../../../shared/format';
import { flippedSortHref, type SortDirection } from '../api/orders-api';
import { carrierName, formatDay, optionsText } from '../labels';

// The small pieces both lists and the sale page are built from.

export { StatusBadge } from '../../../components/ui/StatusBadge';

/** Line items: image, title, options, amount and price (as bought: copies kept with the order). */
export function ItemLines({ items, currency }: { items: OrderItem[]; currency: string }) {
  return (
    <ul className="divide-y divide-gray-100" data-testid="item-lines">
      {items.map((item) => {
        const options = optionsText(item.selectedVariations);
        return (
          <li key={item._id} className="flex gap-3 py-3" data-testid="item-line">
            {item.image ? (
              <img
                src={item.image}
                alt=""
                width={56}
                height={56}
                loading="lazy"
                className="h-14 w-14 shrink-0 rounded-lg bg-gray-100 object-cover"
              />
            ) : (
              <span aria-hidden="true" className="h-14 w-14 shrink-0 rounded-lg bg-gray-100" />
            )}
            <div className="min-w-0 flex-1">
              <p className="break-words font-medium text-gray-900">
                {item.productId ? (
                  <Link to={`/products/${encodeURIComponent(item.productId)}`} className="link">
                    {item.title}
                  </Link>
                ) : (
                  item.title
                )}
              </p>
              {options ? <p className="text-sm text-gray-700">{options}</p> : null}
              <p className="text-sm text-gray-700">
                {formatNumber(item.amount)} × {formatMoney(item.price, currency)}
              </p>
            </div>
            <p className="shrink-0 font-medium text-gray-900">
              {formatMoney(item.price * item.amount, currency)}
            </p>
          </li>
        );
      })}
    </ul>
  );
}

/** Subtotal, a discount code's discount, shipping, tax and the total, as a definition list. */
export function Totals({
  subtotal,
  discount = 0,
  discountCode = null,
  shipping,
  tax,
  total,
  currency,
  totalLabel = 'Total',
}: {
  subtotal: number;
  /** What discount codes took off the items (docs/decisions/073); shown when more than 0. */
  discount?: number;
  discountCode?: string | null;
  shipping: number;
  tax: number;
  total: number;
  currency: string;
  totalLabel?: string;
}) {
  const rows: [string, number][] = [
    ['Items', subtotal],
    ...(discount > 0
      ? ([[discountCode ? `Discount (code ${discountCode})` : 'Discount', -discount]] as [
          string,
          number,
        ][])
      : []),
    ['Shipping', shipping],
    ['Tax', tax],
  ];
  return (
    <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm" data-testid="totals">
      {rows.map(([label, amount]) => (
        <div key={label} className="contents">
          <dt className="text-gray-700">{label}</dt>
          <dd className="text-right text-gray-900">{formatMoney(amount, currency)}</dd>
        </div>
      ))}
      <div className="contents">
        <dt className="font-semibold text-gray-900">{totalLabel}</dt>
        <dd className="text-right font-semibold text-gray-900" data-testid="total">
          {formatMoney(total, currency)}
        </dd>
      </div>
    </dl>
  );
}

/** "Shipped Nov 24, 2026 with UPS: 1Z… (track it)" — the link once a known carrier is given. */
export function Shipment({ sale }: { sale: Transaction }) {
  if (sale.status !== 'shipped') return null;
  return (
    <p className="text-sm text-gray-800" data-testid="shipment">
      Shipped {formatDay(sale.shippedAt)} with {carrierName(sale.carrier)}, tracking number{' '}
      {sale.trackingUrl ? (
        <a
          href={sale.trackingUrl}
          className="link break-all"
          target="_blank"
          rel="noopener noreferrer"
          data-testid="tracking-link"
        >
          {sale.trackingNumber}
          <span className="sr-only"> (track the parcel, opens in a new tab)</span>
        </a>
      ) : (
        <span className="break-all font-medium" data-testid="tracking-number">
          {sale.trackingNumber}
        </span>
      )}
      .
    </p>
  );
}

/** The sort toggle (SPEC §4: flips between 1 and -1), a link so it works without JavaScript. */
export function SortToggle({ href, sort }: { href: string; sort: SortDirection }) {
  return (
    <p className="text-sm text-gray-700">
      {sort === -1 ? 'Newest first. ' : 'Oldest first. '}
      <Link
        to={flippedSortHref(href, sort)}
        className="link"
        data-testid="sort-toggle"
        data-sort={sort}
      >
        {sort === -1 ? 'Show oldest first' : 'Show newest first'}
      </Link>
    </p>
  );
}

/** A toggle that shows or hides a record's details in place (aria-expanded). */
export function SelectButton({
  selected,
  controls,
  label,
  onToggle,
  testId,
}: {
  selected: boolean;
  controls: string;
  label: string;
  onToggle: () => void;
  testId: string;
}) {
  return (
    <button
      type="button"
      className="btn btn-secondary"
      aria-expanded={selected}
      // Only while shown: the details exist only then.
      aria-controls={selected ? controls : undefined}
      data-testid={testId}
      onClick={onToggle}
    >
      {selected ? 'Hide details' : 'Show details'}
      <span className="sr-only"> of {label}</span>
    </button>
  );
}

/**
 * A list of orders or sales where selecting a card shows its detail and selecting it again hides it
 * (SPEC §4), with the list's load error (SPEC §8: lists reset to empty) or its empty state.
 */
export function SelectableList<T extends { _id: string }>({
  name,
  label,
  error,
  records,
  empty,
  selectedId,
  onToggle,
  card,
}: {
  name: 'order' | 'sale';
  label: string;
  error: string | null;
  records: T[];
  empty: ReactNode;
  selectedId: string | null;
  onToggle: (id: string) => void;
  card: (record: T, selected: boolean, toggle: () => void) => ReactNode;
}) {
  if (error) {
    return (
      <p role="alert" className="list-empty text-red-800" data-testid={`${name}s-error`}>
        {error}
      </p>
    );
  }
  if (records.length === 0) return <div className="list-empty">{empty}</div>;
  return (
    <ol className="flex flex-col gap-4" aria-label={label} data-testid={`${name}-list`}>
      {records.map((r) => card(r, selectedId === r._id, () => onToggle(r._id)))}
    </ol>
  );
}
