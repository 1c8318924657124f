import { Link } from 'react-router';
import { StatusBadge, type Tone } from '../../../components/ui/StatusBadge';
import type { Payout } from '../../../../shared/contracts/earnings';
import {
  PAYOUT_LIST_LABELS,
  type PayoutListStatus,
} from '../../../../shared/contracts/earnings-rules';
import { formatDay, formatMoney, formatNumber } from '../../../../shared/format';
import { csvHref, type PayoutsState } from '../api/earnings-api';

// /payout-setup: the seller's payouts, newest first — date, amount, the sales it pays for (each a
// link to the sale) and its status — with the CSV download, or what to do to get the first one.

const TONE: Record<PayoutListStatus, Tone> = { paid: 'good', pending: 'info', held: 'wait' };

function PayoutRow({ payout }: { payout: Payout }) {
  return (
    <li
      className="flex flex-wrap items-center justify-between gap-2 py-3"
      data-testid="payout-row"
      data-status={payout.status}
    >
      <div>
        <p className="font-semibold text-gray-900">
          <span data-testid="payout-amount">{formatMoney(payout.amount, payout.currency)}</span>{' '}
          <span className="font-normal text-gray-700">
            · <time dateTime={payout.date}>{formatDay(payout.date)}</time>
          </span>
        </p>
        <p className="text-sm text-gray-800">
          For{' '}
          {payout.sales.map((sale, i) => (
            <span key={sale._id}>
              {i > 0 ? ', ' : null}
              <Link to={sale.href} className="link">
                order {sale.orderRef}
              </Link>
            </span>
          ))}
          {payout.heldReason ? <> · {payout.heldReason}</> : null}
        </p>
      </div>
      <StatusBadge
        label={PAYOUT_LIST_LABELS[payout.status]}
        tone={TONE[payout.status]}
        testId="payout-list-status"
      />
    </li>
  );
}

export function PayoutList({ state }: { state: PayoutsState }) {
  return (
    <section aria-labelledby="payouts-title" className="card" data-testid="payout-list">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="payouts-title" className="text-lg font-semibold text-gray-900">
          Your payouts
        </h2>
        {state.error === null && state.recordsCount > 0 ? (
          <a
            href={csvHref('payouts', state.period)}
            className="btn btn-secondary"
            download
            data-testid="payouts-csv"
          >
            Download CSV
          </a>
        ) : null}
      </div>
      {state.error !== null ? (
        <p role="alert" className="mt-2 text-red-800">
          {state.error}
        </p>
      ) : state.recordsCount === 0 ? (
        <p className="mt-2 text-gray-700" data-testid="payouts-empty">
          No payouts yet — you are paid for a sale when you mark it shipped.{' '}
          <Link to="/sales" className="link">
            See your sales
          </Link>
          .
        </p>
      ) : (
        <>
          <p className="mt-1 text-sm text-gray-700">
            {formatNumber(state.recordsCount)} {state.recordsCount === 1 ? 'payout' : 'payouts'},
            newest first. Each shipped sale is paid out on its own.
          </p>
          <ul className="divide-y divide-gray-200" aria-labelledby="payouts-title">
            {state.payouts.map((p) => (
              <PayoutRow key={p._id} payout={p} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
