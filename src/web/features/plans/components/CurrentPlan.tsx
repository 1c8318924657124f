import { useState } from 'react';
import { Link } from 'react-router';
import type { MySubscription, PlanInfo } from '../../../../shared/contracts/plans';
import { formatDay, formatMoney } from '../../../../shared/format';
import { MESSAGES } from '../../../../shared/messages';
import { notifyError, showConfirm, showNotify } from '../../../components/ui/modal';
import { choosePlanPath, switchToFreePlan } from '../api/plans-api';

const BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
};

/**
 * The member's plan now: which one, whether it renews (and when) or ends (and when), the card it
 * is charged to, recent charges, and "Switch to the free plan" (confirm, then PATCH).
 */
export function CurrentPlan({
  mine,
  plans,
  onChanged,
}: {
  mine: MySubscription;
  plans: PlanInfo[];
  onChanged: () => void | Promise<void>;
}) {
  const [pending, setPending] = useState(false);
  const current = plans.find((p) => p.id === mine.currentPlanId);
  const sub = mine.subscription?.status === 'active' ? mine.subscription : null;
  const ends = sub ? formatDay(sub.currentPeriodEnd) : '';

  async function switchToFree() {
    if (!(await showConfirm(MESSAGES.confirmPlanChange, undefined, 'Switch to the free plan')))
      return;
    setPending(true);
    try {
      const plan = await switchToFreePlan();
      await onChanged();
      void showNotify(
        `Done: your ${current?.name ?? ''} plan stays until ${formatDay(plan.end)}, then you are on the Free plan. You will not be charged again.`,
      );
    } catch (err) {
      void notifyError(err, 'We could not change your plan. Please try again later.');
    } finally {
      setPending(false);
    }
  }

  return (
    <section
      id="current-plan"
      className="card space-y-3"
      aria-labelledby="current-plan-heading"
      data-testid="current-plan"
      data-plan={mine.currentPlanId}
    >
      <h2 id="current-plan-heading" className="text-xl font-semibold text-gray-950">
        Your plan: <span data-testid="current-plan-name">{current?.name ?? 'Free'}</span>
      </h2>
      {sub ? (
        <>
          <p className="text-gray-800" data-testid="current-plan-state">
            {sub.cancelAtPeriodEnd
              ? `Ends on ${ends}. After that you are on the Free plan; you will not be charged again.`
              : `Renews on ${ends} (${sub.frequency === 'year' ? 'yearly' : 'monthly'}).`}
          </p>
          {sub.card ? (
            <p className="text-sm text-gray-700" data-testid="current-plan-card">
              Charged to {BRANDS[sub.card.brand] ?? 'your card'} ending in {sub.card.last4} (expires{' '}
              {String(sub.card.expMonth).padStart(2, '0')}/{sub.card.expYear}).
            </p>
          ) : null}
          {sub.cancelAtPeriodEnd ? (
            <p className="text-sm text-gray-700">
              Changed your mind?{' '}
              <Link
                to={choosePlanPath(sub.planId, sub.frequency)}
                className="link"
                data-testid="keep-plan"
              >
                Keep the {current?.name} plan
              </Link>
              : it carries on without a new charge.
            </p>
          ) : (
            <button
              type="button"
              className="btn btn-secondary"
              onClick={() => void switchToFree()}
              disabled={pending}
              data-testid="switch-to-free"
            >
              {pending ? 'Switching…' : 'Switch to the free plan'}
            </button>
          )}
        </>
      ) : (
        <p className="text-gray-800" data-testid="current-plan-state">
          {mine.subscription?.status === 'ended' && mine.charges.some((c) => c.status === 'failed')
            ? 'Your paid plan ended because a renewal could not be paid. Choose a plan to get it back.'
            : 'You are on the Free plan. Choose a paid plan below to unlock more.'}
        </p>
      )}
      {mine.charges.length > 0 ? (
        <details className="text-sm text-gray-800">
          <summary className="cursor-pointer font-medium">Recent charges</summary>
          <ul className="mt-2 space-y-1" data-testid="plan-charges">
            {mine.charges.map((c) => (
              <li key={c._id}>
                {formatDay(c.createdAt)}: {formatMoney(c.amount, c.currency)} for{' '}
                {formatDay(c.periodStart)} – {formatDay(c.periodEnd)}
                {c.status === 'failed' ? ` — failed: ${c.failureMessage ?? ''}` : ' — paid'}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </section>
  );
}
