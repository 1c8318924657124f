import { data, useNavigate, useRevalidator } from 'react-router';
import type { Route } from './+types/plan-selection';
import { PageHeader } from '../components/ui/page';
import { showNotify } from '../components/ui/modal';
import { formatDay } from '../../shared/format';
import { MESSAGES } from '../../shared/messages';
import type { UserPlan } from '../../shared/contracts/accounts';
import { guardLoader } from '../features/accounts/guards';
import { useAuthStore } from '../features/accounts/stores/auth-store';
import {
  billingOf,
  loadMySubscription,
  loadPlans,
  paidPlanOf,
} from '../features/plans/api/plans-api';
import { BillingSwitch } from '../features/plans/components/BillingSwitch';
import { CurrentPlan } from '../features/plans/components/CurrentPlan';
import { PlanCards } from '../features/plans/components/PlanCards';
import { SubscribePanel } from '../features/plans/components/SubscribePanel';
import { serverApi } from '../lib/api';
import { pageMeta } from '../lib/meta';

const guard = guardLoader(['authenticated']);

/**
 * /plan-selection (signed in): my plan and its state, the plans to choose from, and, once one is
 * chosen (`?plan=creator&frequency=month`), its payment form.
 */
export async function loader(args: Route.LoaderArgs) {
  await guard(args);
  const params = args.url.searchParams;
  const client = serverApi(args.context);
  try {
    const [plans, mine] = await Promise.all([loadPlans(client), loadMySubscription(client)]);
    return {
      plans,
      mine,
      chosen: paidPlanOf(params.get('plan')),
      frequency: billingOf(params.get('frequency') ?? params.get('billing')),
    };
  } catch {
    throw data(MESSAGES.genericError, { status: 500 });
  }
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, 'Choose your plan', 'Your plan, and the plans you can switch to.');

export default function PlanSelectionPage({ loaderData }: Route.ComponentProps) {
  const { plans, mine, chosen, frequency } = loaderData;
  const { revalidate } = useRevalidator();
  const navigate = useNavigate();
  const live = mine.subscription?.status === 'active' ? mine.subscription : null;
  const chosenPlan = plans.find((p) => p.id === chosen);
  // Buying while a paid plan is on is only for resuming that same plan (docs/decisions/032).
  const canBuy =
    chosenPlan &&
    chosen &&
    (!live || (live.cancelAtPeriodEnd && live.planId === chosen && live.frequency === frequency));

  async function onSubscribed(plan: UserPlan) {
    const { user, site, setSession } = useAuthStore.getState();
    if (user) setSession({ ...user, plan }, site);
    await navigate('/plan-selection', { replace: true, preventScrollReset: true });
    const name = plans.find((p) => p.id === plan.id)?.name ?? plan.id;
    void showNotify(
      `You are on the ${name} plan until ${formatDay(plan.end)}, renewing every ${plan.frequency ?? 'month'}. A receipt is on its way to your inbox.`,
      undefined,
      'Thank you!',
    );
  }

  return (
    <div data-testid="plan-selection-page" className="space-y-8">
      <PageHeader
        title="Choose your plan"
        description="Paid plans renew monthly or yearly; you can switch back to the free plan at any time and keep the paid plan until the end of the period."
      />
      <CurrentPlan mine={mine} plans={plans} onChanged={revalidate} />
      {canBuy && chosen && chosenPlan ? (
        <SubscribePanel
          key={`${chosen}:${frequency}`}
          plan={{ ...chosenPlan, id: chosen }}
          frequency={frequency}
          provider={mine.provider}
          publishableKey={mine.publishableKey}
          onSubscribed={onSubscribed}
        />
      ) : chosen && live ? (
        <p className="rounded-lg bg-amber-50 p-4 text-amber-950" role="status">
          You already have a paid plan. To change plans, switch to the free plan first; you can
          choose another plan when the paid period ends.
        </p>
      ) : null}
      <section aria-labelledby="plans-heading">
        <h2 id="plans-heading" className="mb-4 text-xl font-semibold text-gray-950">
          Plans
        </h2>
        <BillingSwitch
          current={frequency}
          hrefFor={(f) =>
            chosen
              ? `/plan-selection?plan=${chosen}&frequency=${f}`
              : `/plan-selection?frequency=${f}`
          }
        />
        <PlanCards plans={plans} frequency={frequency} member={mine} />
      </section>
    </div>
  );
}
