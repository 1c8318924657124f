import type { InsightTotals } from '../../../../shared/contracts/insights';
import { formatMoney, formatNumber } from '../../../../shared/format';
import { HEADLINES, changeOf, changeText, type Change } from '../insights-math';

const ARROW: Record<Change['kind'], string> = { up: '▲', down: '▼', new: '▲', same: '' };
// The words carry the change (its sign, "new"); the colour and arrow only repeat it.
const TONE: Record<Change['kind'], string> = {
  up: 'text-emerald-800',
  new: 'text-emerald-800',
  down: 'text-red-800',
  same: 'text-gray-700',
};

/** Views, visitors, clicks, carts, orders and revenue, each against the period before. */
export function HeadlineNumbers({
  totals,
  previous,
  days,
  currency,
}: {
  totals: InsightTotals;
  previous: InsightTotals;
  days: number;
  currency: string;
}) {
  return (
    <section aria-labelledby="insights-totals-title" className="mb-8">
      <h2 id="insights-totals-title" className="sr-only">
        Totals
      </h2>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3" data-testid="insights-headlines">
        {HEADLINES.map(({ key, label }) => {
          const change = changeOf(totals[key], previous[key]);
          const value =
            key === 'revenue' ? formatMoney(totals[key], currency) : formatNumber(totals[key]);
          return (
            <div
              key={key}
              className="flex flex-col rounded-lg border border-gray-200 bg-white p-3"
              data-testid={`insights-headline-${key}`}
            >
              <dt className="text-sm font-medium text-gray-700">{label}</dt>
              <dd
                className="order-first text-2xl font-bold text-gray-950 tabular-nums"
                data-testid="insights-headline-value"
              >
                {value}
              </dd>
              <dd className={`mt-1 text-xs ${TONE[change.kind]}`} data-testid="insights-change">
                {ARROW[change.kind] ? (
                  <span aria-hidden="true">{`${ARROW[change.kind]} `}</span>
                ) : null}
                {changeText(change, days)}
              </dd>
            </div>
          );
        })}
      </dl>
    </section>
  );
}
