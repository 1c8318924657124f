import type { InsightTotals } from '../../../../shared/contracts/insights';
import { formatNumber, formatPercent } from '../../../../shared/format';
import { funnelSteps } from '../insights-math';

/** Views → link clicks → carts → orders, each step with its conversion from the step before. */
export function Funnel({ totals }: { totals: InsightTotals }) {
  const steps = funnelSteps(totals);
  return (
    <section aria-labelledby="insights-funnel-title" className="card mb-8">
      <h2 id="insights-funnel-title" className="mb-1 text-lg font-semibold text-gray-950">
        From views to orders
      </h2>
      <p className="mb-4 text-sm text-gray-700">Each step’s share is against the step before it.</p>
      <ol className="space-y-3" data-testid="insights-funnel">
        {steps.map((step, i) => {
          const before = i > 0 ? steps[i - 1]! : null;
          return (
            <li key={step.key} data-testid={`insights-funnel-${step.key}`}>
              <div className="flex items-baseline justify-between gap-3 text-sm">
                <span className="font-medium text-gray-900">{step.label}</span>
                <span className="font-semibold text-gray-950 tabular-nums">
                  {formatNumber(step.count)}
                </span>
              </div>
              <div className="mt-1 h-2 rounded-full bg-gray-100" aria-hidden="true">
                <div
                  className="h-2 rounded-full bg-indigo-600"
                  style={{ width: `${(step.share * 100).toFixed(1)}%` }}
                />
              </div>
              {before ? (
                <p className="mt-1 text-xs text-gray-700" data-testid="insights-funnel-conversion">
                  {step.conversion === null
                    ? `No ${before.noun} to compare with`
                    : `${formatPercent(step.conversion)} of ${before.noun}`}
                </p>
              ) : null}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
