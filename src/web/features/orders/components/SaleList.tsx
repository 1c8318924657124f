import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { requestMainFocusAfterNavigation } from '../../../lib/focus';
import type { Transaction } from '../../../../shared/contracts/commerce';
import { formatMoney, formatNumber } from '../../../../shared/format';
import { SALE_TABS, type SaleTab, type SalesState } from '../api/orders-api';
import { SALE_STATUS, formatDay, shortRef } from '../labels';
import { useSelection } from '../stores/selection-store';
import { AddressBlock, MessageBuyer, PayoutStatus } from './SaleParts';
import { ItemLines, SelectButton, SelectableList, Shipment, StatusBadge } from './Bits';

// /sales: the filter tabs and each sale as a card — buyer, items, total, ship-by date, payout —
// with its detail in place when selected, a link to its own page and Message buyer (about the
// order, linked to its card on the buyer's /orders).

/** Plain links (`?show=`), so the tabs work without JavaScript and each has an address. */
export function SaleTabs({ current }: { current: SaleTab }) {
  return (
    <nav aria-label="Filter sales" className="mb-4">
      <ul className="flex flex-wrap gap-2">
        {SALE_TABS.map((tab) => (
          <li key={tab.id}>
            <Link
              to={tab.id === SALE_TABS[0].id ? '/sales' : `/sales?show=${tab.id}`}
              aria-current={tab.id === current.id ? 'page' : undefined}
              className="pill-link"
              data-testid={`sales-tab-${tab.id}`}
            >
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function SaleList({ list, empty }: { list: SalesState; empty: ReactNode }) {
  const selected = useSelection((s) => s.saleId);
  const toggle = useSelection((s) => s.toggleSale);
  return (
    <SelectableList
      name="sale"
      label="Your sales"
      error={list.error}
      records={list.transactions}
      empty={empty}
      selectedId={selected}
      onToggle={toggle}
      card={(sale, isSelected, onToggle) => (
        <SaleCard key={sale._id} sale={sale} selected={isSelected} onToggle={onToggle} />
      )}
    />
  );
}

function SaleCard({
  sale,
  selected,
  onToggle,
}: {
  sale: Transaction;
  selected: boolean;
  onToggle: () => void;
}) {
  const status = SALE_STATUS[sale.status];
  const count = sale.items.reduce((n, i) => n + i.amount, 0);
  const ref = shortRef(sale.orderId);
  const detailId = `sale-${sale._id}`;
  const href = `/sales/${encodeURIComponent(sale._id)}`;
  return (
    <li className="card" data-testid="sale-card" data-sale-id={sale._id} data-selected={selected}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 className="text-lg font-semibold text-gray-900">
            <Link
              to={href}
              className="link"
              data-testid="sale-link"
              // The sale's page takes focus on its heading (the link goes with this page).
              onClick={requestMainFocusAfterNavigation}
            >
              Order {ref}
            </Link>{' '}
            <span className="text-base font-normal text-gray-700">
              · <bdi>{sale.buyer.name}</bdi> ·{' '}
              <time dateTime={sale.createdAt}>{formatDay(sale.createdAt)}</time>
            </span>
          </h2>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-gray-700">
            <StatusBadge label={status.label} tone={status.tone} testId="sale-status" />
            <span>
              {formatNumber(count)} {count === 1 ? 'item' : 'items'} ·{' '}
              <strong className="text-gray-900">{formatMoney(sale.total, sale.currency)}</strong>
            </span>
          </p>
        </div>
        <SelectButton
          selected={selected}
          controls={detailId}
          label={`order ${ref}`}
          onToggle={onToggle}
          testId="sale-select"
        />
      </div>
      <ItemLines items={sale.items} currency={sale.currency} />
      <div className="flex flex-col gap-1 text-sm text-gray-800">
        {sale.status === 'paid' && sale.shipBy ? (
          <p data-testid="ship-by">
            Ship by <strong>{formatDay(sale.shipBy)}</strong>
          </p>
        ) : null}
        <PayoutStatus sale={sale} />
        <MessageBuyer sale={sale} />
      </div>
      {selected ? (
        <section
          id={detailId}
          aria-label={`Details of order ${ref}`}
          className="mt-4 grid gap-4 border-t border-gray-200 pt-4 md:grid-cols-2"
          data-testid="sale-detail"
        >
          <AddressBlock sale={sale} />
          <div className="flex flex-col gap-3 text-sm">
            <Shipment sale={sale} />
            {sale.cancelReason ? <p>Cancelled: {sale.cancelReason}</p> : null}
            <p>
              <Link to={href} className="btn btn-primary" onClick={requestMainFocusAfterNavigation}>
                {sale.status === 'paid' ? 'Ship or cancel' : 'Open the sale'}
              </Link>
            </p>
          </div>
        </section>
      ) : null}
    </li>
  );
}
