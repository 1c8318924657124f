import { desc, eq } from 'drizzle-orm';
import type { MySubscription, PlanInfo } from '../../../shared/contracts/plans';
import { toMajor } from '../../../shared/money';
import { PLAN_IDS, PLANS } from '../../../shared/plans';
import { savedCards, subscriptionCharges, users } from '../../db/schema';
import type { ModuleDeps } from '../core';
import { effectivePlanId } from '../../../shared/plans';
import { latestSubscription } from './subscription-state';

/** GET /plans: every plan, cheapest first, priced in the deployment's currency. */
export function listPlans(deps: Pick<ModuleDeps, 'env'>): PlanInfo[] {
  return PLAN_IDS.map((id) => {
    const p = PLANS[id];
    return {
      id: p.id,
      name: p.name,
      tagline: p.tagline,
      prices: { month: toMajor(p.priceMinor.month), year: toMajor(p.priceMinor.year) },
      currency: deps.env.CURRENCY,
      limits: {
        publishedPosts: p.limits.publishedPosts,
        customDomain: p.limits.customDomain,
        aiImagesPerMonth: p.limits.aiImagesPerMonth,
        emailListSubscribers: p.limits.emailListSubscribers,
        platformFeePercent: p.limits.platformFeeBps / 100,
        siteLinks: p.limits.siteLinks,
      },
      features: p.features,
    };
  });
}

const RECENT_CHARGES = 12;

/** GET /users/subscription: the member's plan now, their (latest) subscription and its charges. */
export async function readMySubscription(
  deps: ModuleDeps,
  userId: string,
): Promise<MySubscription> {
  const [user] = await deps.db
    .select({ plan: users.plan })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  const plan = user?.plan ?? null;
  const sub = await latestSubscription(deps.db, userId);
  const [card] = sub?.paymentMethodId
    ? await deps.db.select().from(savedCards).where(eq(savedCards.id, sub.paymentMethodId)).limit(1)
    : [];
  const charges = sub
    ? await deps.db
        .select()
        .from(subscriptionCharges)
        .where(eq(subscriptionCharges.subscriptionId, sub.id))
        .orderBy(desc(subscriptionCharges.periodStart), desc(subscriptionCharges.createdAt))
        .limit(RECENT_CHARGES)
    : [];
  return {
    currentPlanId: effectivePlanId(plan, deps.now()),
    plan,
    subscription: sub && {
      _id: sub.id,
      planId: sub.planId,
      frequency: sub.frequency,
      status: sub.status,
      provider: sub.provider,
      cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
      currentPeriodStart: sub.currentPeriodStart.toISOString(),
      currentPeriodEnd: sub.currentPeriodEnd.toISOString(),
      card: card
        ? { brand: card.brand, last4: card.last4, expMonth: card.expMonth, expYear: card.expYear }
        : null,
    },
    charges: charges.map((c) => ({
      _id: c.id,
      periodStart: c.periodStart.toISOString(),
      periodEnd: c.periodEnd.toISOString(),
      amount: toMajor(c.amountMinor),
      currency: c.currency,
      status: c.status,
      failureMessage: c.failureMessage,
      createdAt: c.createdAt.toISOString(),
    })),
    // Stripe when configured, else the embedded driver (as commerce's paymentsOf decides).
    provider: deps.payments?.provider ?? 'local',
    publishableKey: deps.payments?.publishableKey ?? null,
  };
}
