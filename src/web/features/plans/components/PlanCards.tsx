import { Link } from 'react-router';
import type { PlanInfo } from '../../../../shared/contracts/plans';
import { formatMoney } from '../../../../shared/format';
import type { PlanFrequency, PlanId } from '../../../../shared/plans';
import { choosePlanPath } from '../api/plans-api';

/** "$9.00 per month" / "$90.00 per year" / "Free". */
export function priceText(plan: PlanInfo, frequency: PlanFrequency): string {
  const amount = plan.prices[frequency];
  return amount === 0 ? 'Free' : `${formatMoney(amount, plan.currency)} per ${frequency}`;
}

/**
 * The plans side by side (GET /plans): price for the billing period, what each unlocks, and the
 * way to choose it. `currentPlanId` marks the member's own plan (on /plan-selection).
 */
export function PlanCards({
  plans,
  frequency,
  currentPlanId = null,
}: {
  plans: PlanInfo[];
  frequency: PlanFrequency;
  currentPlanId?: PlanId | null;
}) {
  return (
    <ul className="grid gap-6 md:grid-cols-3" data-testid="plan-cards">
      {plans.map((plan) => {
        const amount = plan.prices[frequency];
        const current = plan.id === currentPlanId;
        return (
          <li
            key={plan.id}
            className={`flex flex-col rounded-2xl border p-6 ${current ? 'border-indigo-700 ring-2 ring-indigo-700' : 'border-gray-200'}`}
            data-testid={`plan-${plan.id}`}
          >
            <h2 className="text-lg font-semibold text-gray-950">{plan.name}</h2>
            <p className="mt-1 text-sm text-gray-700">{plan.tagline}</p>
            <p className="mt-3">
              <span className="text-3xl font-bold text-gray-950" data-testid="plan-price">
                {formatMoney(amount, plan.currency)}
              </span>{' '}
              <span className="text-sm text-gray-700">
                {amount === 0 ? 'forever' : `per ${frequency}`}
              </span>
            </p>
            <ul className="mt-4 flex-1 space-y-2 text-gray-800">
              {plan.features.map((f) => (
                <li key={f} className="flex gap-2">
                  <span aria-hidden="true" className="text-indigo-700">
                    ✓
                  </span>
                  {f}
                </li>
              ))}
            </ul>
            {current ? (
              <p
                className="mt-6 text-center font-medium text-indigo-800"
                data-testid="plan-current"
              >
                Your current plan
              </p>
            ) : amount === 0 ? (
              <Link
                to={currentPlanId ? '#current-plan' : '/plan-selection'}
                className="btn btn-secondary mt-6"
              >
                {currentPlanId ? `Switch to ${plan.name}` : `Start with ${plan.name}`}
              </Link>
            ) : (
              <Link
                to={choosePlanPath(plan.id, frequency)}
                className="btn btn-primary mt-6"
                data-testid={`choose-${plan.id}`}
              >
                Choose {plan.name}
              </Link>
            )}
          </li>
        );
      })}
    </ul>
  );
}
