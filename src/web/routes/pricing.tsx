import { data } from 'react-router';
import type { Route } from './+types/pricing';
import { PageHeader, Prose } from '../components/ui/page';
import { MESSAGES } from '../../shared/messages';
import { billingOf, loadMySubscription, loadPlans } from '../features/plans/api/plans-api';
import { BillingSwitch } from '../features/plans/components/BillingSwitch';
import { PlanCards } from '../features/plans/components/PlanCards';
import { serverApi } from '../lib/api';
import { pageMeta } from '../lib/meta';

/**
 * /pricing (public): the plans from GET /plans, monthly or yearly (`?billing=year`). A member's own
 * plan is marked and only real changes offered, so their subscription is read too (a request with
 * a session bypasses the render cache, so visitors' cached copy never holds it).
 */
export async function loader(args: Route.LoaderArgs) {
  const frequency = billingOf(args.url.searchParams.get('billing'));
  const client = serverApi(args.context);
  try {
    const [plans, mine] = await Promise.all([
      loadPlans(client),
      // Unreadable (a session ended meanwhile): the visitor's view, which is still true.
      args.context.signedIn ? loadMySubscription(client).catch(() => null) : null,
    ]);
    const member = mine && { currentPlanId: mine.currentPlanId, subscription: mine.subscription };
    return { plans, frequency, member };
  } catch {
    throw data(MESSAGES.genericError, { status: 500 });
  }
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(
    matches,
    'Pricing',
    'Start free, upgrade when you sell more. Switch back to the free plan any time.',
  );

export default function PricingPage({ loaderData }: Route.ComponentProps) {
  const { plans, frequency, member } = loaderData;
  const fees = plans.map((p) => `${p.limits.platformFeePercent}% on ${p.name}`).join(', ');
  return (
    <article data-testid="pricing-page">
      <PageHeader
        title="Pricing"
        description="Start free. Upgrade when you sell more, and switch back to the free plan whenever you like."
      />
      <BillingSwitch
        current={frequency}
        hrefFor={(f) => (f === 'year' ? '/pricing?billing=year' : '/pricing')}
      />
      <PlanCards plans={plans} frequency={frequency} member={member} />
      <Prose>
        <h2>Questions</h2>
        <h3>Are there fees on sales?</h3>
        <p>
          The marketplace keeps a platform fee on the items and shipping of each sale ({fees}), set
          by your plan when the order is placed. Buyers pay the item price, the shipping cost you
          set and 10% tax; you are paid the rest when you mark the order shipped.
        </p>
        <h3>What happens when I switch back to the free plan?</h3>
        <p>
          Your paid plan stays until the end of the period you paid for and is not charged again.
          Then the free plan&apos;s limits apply: posts you already published stay published (new
          ones wait as drafts until you are under the limit), and your own domain stays saved but is
          not used until you upgrade again.
        </p>
        <h3>What if a renewal cannot be paid?</h3>
        <p>
          We email you and you are back on the free plan; nothing else is charged. Choose the plan
          again with a card that works to get it back.
        </p>
      </Prose>
    </article>
  );
}
