import type { SalesSummary } from '../../../../shared/contracts/earnings';
import {
  PERIOD_LABELS,
  RELEASE_LABELS,
  type PeriodInput,
  type ResolvedPeriod,
} from '../../../../shared/contracts/earnings-rules';
import { formatDay, formatMoney, formatNumber } from '../../../../shared/format';
import { csvHref, type SummaryState } from '../api/earnings-api';
import { PeriodForm } from './PeriodForm';

// /sales: the totals of the chosen period above the list — each figure labelled, what is waiting
// with when it is released, how they are counted, and the CSV downloads (docs/decisions/072).

/** "This month: Nov 1, 2026 – Nov 30, 2026"; all time: "All time, to Nov 28, 2026". */
export function periodText(p: ResolvedPeriod): string {
  const to = formatDay(p.to);
  const range = p.from ? `${formatDay(p.from)} – ${to}` : `to ${to}`;
  return p.from ? `${PERIOD_LABELS[p.period]}: ${range}` : `${PERIOD_LABELS[p.period]}, ${range}`;
}

const plural = (n: number, one: string, many: string) =>
  `${formatNumber(n)} ${n === 1 ? one : many}`;

function Figures({ summary }: { summary: SalesSummary }) {
  const money = (n: number) => formatMoney(n, summary.currency);
  // Money taken off the gross reads as a deduction (a true minus sign, not a hyphen).
  const less = (n: number) => (n > 0 ? `−${money(n)}` : money(0));
  const figures: [string, string, string][] = [
    ['gross', 'Gross sales', money(summary.gross)],
    ['fees', 'Platform fees', less(summary.platformFees)],
    ['refunds', 'Refunds', less(summary.refunds)],
    ['net', 'Net', money(summary.net)],
    ['paid-out', 'Paid out', money(summary.paidOut)],
    ['waiting', 'Waiting', money(summary.waiting.total)],
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 md:grid-cols-3">
      {figures.map(([key, label, value]) => (
        <div key={key} className="rounded-lg bg-gray-50 p-3">
          <dt className="text-sm text-gray-700">{label}</dt>
          <dd className="text-lg font-semibold text-gray-900" data-testid={`earnings-${key}`}>
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function Waiting({ summary }: { summary: SalesSummary }) {
  const parts = summary.waiting.byRelease;
  if (parts.length === 0) return null;
  return (
    <div>
      <h3 className="font-semibold text-gray-900">When the waiting money is released</h3>
      <ul
        className="mt-1 flex flex-col gap-1 text-sm text-gray-800"
        data-testid="earnings-releases"
      >
        {parts.map((part) => (
          <li key={part.releasesOn} data-release={part.releasesOn}>
            <strong className="text-gray-900">{formatMoney(part.amount, summary.currency)}</strong>{' '}
            ({plural(part.salesCount, 'sale', 'sales')}): {RELEASE_LABELS[part.releasesOn]}.
          </li>
        ))}
      </ul>
    </div>
  );
}

function HowCounted() {
  return (
    <details className="text-sm text-gray-800">
      <summary className="link cursor-pointer">How these are counted</summary>
      <ul className="mt-2 flex list-disc flex-col gap-1 pl-5">
        <li>
          Sales count on the day they were ordered (UTC), once the buyer has paid. Gross sales is
          what buyers paid for them: items, shipping and tax, cancelled sales included.
        </li>
        <li>
          The platform fee is taken on items and shipping, at your plan&apos;s rate when the sale
          was made; none is kept on a cancelled sale, whose buyer gets their whole payment back.
        </li>
        <li>Net is gross sales less fees and refunds: what is paid out plus what is waiting.</li>
        <li>
          You are paid for each sale when you mark it shipped, once your payout setup is finished.
        </li>
      </ul>
    </details>
  );
}

/** The totals panel; `keep`: the page's other parameters the period form carries along. */
export function EarningsPanel({
  state,
  keep,
}: {
  state: SummaryState;
  keep?: Record<string, string | undefined>;
}) {
  const summary = state.summary;
  const current: PeriodInput & { period: NonNullable<PeriodInput['period']> } = summary
    ? { ...summary.period, from: summary.period.from ?? undefined }
    : { ...state.query, period: state.query.period ?? 'custom' };
  return (
    <section
      aria-labelledby="earnings-title"
      className="card flex flex-col gap-4"
      data-testid="earnings-panel"
    >
      <div>
        <h2 id="earnings-title" className="text-lg font-semibold text-gray-900">
          Earnings
        </h2>
        {summary ? (
          <p className="text-sm text-gray-700" data-testid="earnings-range">
            {periodText(summary.period)} · {plural(summary.salesCount, 'sale', 'sales')}
          </p>
        ) : null}
      </div>
      <PeriodForm current={current} keep={keep} />
      {summary ? (
        <>
          <Figures summary={summary} />
          <Waiting summary={summary} />
          <HowCounted />
          <p className="flex flex-wrap gap-2">
            <a
              href={csvHref('sales', summary.period)}
              className="btn btn-secondary"
              download
              data-testid="earnings-sales-csv"
            >
              Download sales CSV
            </a>
            <a
              href={csvHref('payouts', summary.period)}
              className="btn btn-ghost"
              download
              data-testid="earnings-payouts-csv"
            >
              Download payouts CSV
            </a>
          </p>
        </>
      ) : (
        <p role="alert" className="text-red-800" data-testid="earnings-error">
          {state.error}
        </p>
      )}
    </section>
  );
}
