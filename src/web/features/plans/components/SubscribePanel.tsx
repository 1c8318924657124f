import { Suspense, lazy, type ComponentType } from 'react';
import type { PlanInfo } from '../../../../shared/contracts/plans';
import { formatMoney } from '../../../../shared/format';
import type { PaidPlanId, PlanFrequency } from '../../../../shared/plans';
import type { SubscriptionFormProps } from '../subscription-form';

const LocalSubscriptionForm = lazy(() =>
  import('./LocalSubscriptionForm').then((m) => ({ default: m.LocalSubscriptionForm })),
);

// The Stripe form (helper of docs/decisions/032's Stripe driver) is looked up at build time: a
// deployment without it still builds, and only a Stripe deployment ever loads it.
type StripeModule = { StripeSubscriptionForm?: ComponentType<SubscriptionFormProps> };
const stripeModules = import.meta.glob<StripeModule>('./StripeSubscriptionForm.tsx');
const loadStripe = stripeModules['./StripeSubscriptionForm.tsx'];
function StripeUnavailable() {
  return (
    <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-4 text-red-900">
      Card payments are not available right now. Please try again later.
    </p>
  );
}
const StripeSubscriptionForm = lazy(async () => {
  const m = loadStripe ? await loadStripe() : {};
  return { default: m.StripeSubscriptionForm ?? StripeUnavailable };
});

/**
 * The chosen plan's checkout on /plan-selection: what is bought and how often it renews, then the
 * card form of the payments driver in use (loaded only once a plan is chosen).
 */
export function SubscribePanel({
  plan,
  frequency,
  provider,
  publishableKey,
  onSubscribed,
}: {
  plan: PlanInfo & { id: PaidPlanId };
  frequency: PlanFrequency;
  provider: 'local' | 'stripe';
  publishableKey: string | null;
  onSubscribed: SubscriptionFormProps['onSubscribed'];
}) {
  const amount = plan.prices[frequency];
  const props: SubscriptionFormProps = {
    planId: plan.id,
    frequency,
    amount,
    currency: plan.currency,
    publishableKey,
    onSubscribed,
  };
  const Form = provider === 'stripe' ? StripeSubscriptionForm : LocalSubscriptionForm;
  return (
    <section
      className="card space-y-4"
      aria-labelledby="subscribe-heading"
      data-testid="subscribe-panel"
    >
      <h2 id="subscribe-heading" className="text-xl font-semibold text-gray-950">
        The {plan.name} plan, {frequency === 'year' ? 'yearly' : 'monthly'}
      </h2>
      <p className="text-gray-800">
        {formatMoney(amount, plan.currency)} now, then every {frequency} until you switch back to
        the free plan. You can switch at any time; the plan stays until the end of the period you
        paid for.
      </p>
      <Suspense fallback={<p className="text-gray-700">Loading the payment form…</p>}>
        <Form {...props} />
      </Suspense>
    </section>
  );
}
