import { Link } from 'react-router';
import { formatMoney } from '../../../../shared/format';
import { toMajor } from '../../../../shared/money';
import { PLAN_IDS, PLANS } from '../../../../shared/plans';

/** The plans at a glance (from the plans table itself); /pricing has the full comparison. */
export function PlanSummary({ currency }: { currency: string }) {
  return (
    <>
      <ul className="grid gap-4 md:grid-cols-3" data-testid="plan-summary">
        {PLAN_IDS.map((id) => {
          const plan = PLANS[id];
          const price = plan.priceMinor.month;
          return (
            <li key={id} className="rounded-2xl border border-gray-200 bg-white p-6">
              <h3 className="text-lg font-semibold text-gray-950">{plan.name}</h3>
              <p className="mt-1 text-2xl font-bold text-gray-950">
                {price === 0 ? 'Free' : `${formatMoney(toMajor(price), currency)} / month`}
              </p>
              <p className="mt-2 text-gray-700">{plan.tagline}</p>
              <ul className="mt-4 list-disc space-y-1 pl-5 text-sm text-gray-800">
                {plan.features.map((f) => (
                  <li key={f}>{f}</li>
                ))}
              </ul>
            </li>
          );
        })}
      </ul>
      <p className="mt-6">
        <Link to="/pricing" className="link font-semibold">
          Compare the plans in detail
        </Link>
      </p>
    </>
  );
}
