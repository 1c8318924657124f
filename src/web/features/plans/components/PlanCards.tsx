import { Link } from 'react-router';
import type { PlanInfo } from '../../../../shared/contracts/plans';
import { formatMoney } from '../../../../shared/format';
import type { PlanFrequency } from '../../../../shared/plans';
import { choosePlanPath } from '../api/plans-api';
import { planOffer, type PlanMember, type PlanOffer } from '../plan-offers';

/** "$9.00 per month" / "$90.00 per year" / "Free". */
export function priceText(plan: PlanInfo, frequency: PlanFrequency): string {
  const amount = plan.prices[frequency];
  return amount === 0 ? 'Free' : `${formatMoney(amount, plan.currency)} per ${frequency}`;
}

/**
 * The plans side by side (GET /plans): price for the billing period, what each unlocks, and the
 * way to choose it. For a member (`member`) their plan is marked "Current plan" and only changes
 * they can really make are offered (plan-offers.ts).
 */
export function PlanCards({
  plans,
  frequency,
  member = null,
}: {
  plans: PlanInfo[];
  frequency: PlanFrequency;
  member?: PlanMember;
}) {
  return (
    <ul className="grid gap-6 md:grid-cols-3" data-testid="plan-cards">
      {plans.map((plan) => {
        const amount = plan.prices[frequency];
        const offer = planOffer(plan.id, amount === 0, member);
        const current = offer.kind === 'current';
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
            <OfferAction
              kind={offer.kind}
              name={plan.name}
              chooseHref={choosePlanPath(plan.id, frequency)}
              planId={plan.id}
            />
          </li>
        );
      })}
    </ul>
  );
}

function OfferAction({
  kind,
  name,
  chooseHref,
  planId,
}: {
  kind: PlanOffer['kind'];
  name: string;
  chooseHref: string;
  planId: string;
}) {
  switch (kind) {
    case 'current':
      return (
        <p className="mt-6 text-center font-medium text-indigo-800" data-testid="plan-current">
          Current plan
        </p>
      );
    case 'start':
      return (
        <Link to="/plan-selection" className="btn btn-secondary mt-6">
          Start with {name}
        </Link>
      );
    case 'switch-free':
      return (
        // Where the member's plan and its "Switch to the free plan" (with its confirm) are.
        <Link
          to="/plan-selection#current-plan"
          className="btn btn-secondary mt-6"
          data-testid={`switch-${planId}`}
        >
          Switch to {name}
        </Link>
      );
    case 'scheduled':
      return (
        <p className="mt-6 text-center text-sm text-gray-700" data-testid="plan-scheduled">
          Yours when your paid period ends.
        </p>
      );
    case 'after-period':
      return (
        <p className="mt-6 text-center text-sm text-gray-700" data-testid="plan-after-period">
          You can choose it when your paid period ends.
        </p>
      );
    case 'choose':
      return (
        <Link to={chooseHref} className="btn btn-primary mt-6" data-testid={`choose-${planId}`}>
          Choose {name}
        </Link>
      );
  }
}
