import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { PLANS } from '../../../shared/plans';
import { savedCards, type SubscriptionRow } from '../../db/schema';
import {
  announceChange,
  defineJob,
  enqueueJob,
  inTransaction,
  nowDate,
  type ModuleDeps,
} from '../core';
import { queuePlanMail } from './mail';
import { periodEndAfter } from './periods';
import {
  endSubscription,
  lockSubscription,
  periodChargeKey,
  recordChargeFailed,
  recordPeriodPaid,
} from './subscription-state';

// The embedded driver's renewals (docs/decisions/032): a durable job at the end of each paid
// period. It ends a subscription that is switching back to free, or charges the saved card for
// the next period; a card that cannot pay (expired, or a test card whose charges fail) puts the
// member back on the free plan with an email saying why. Stripe subscriptions renew at Stripe and
// reach us by webhooks instead.

const renewPayload = z.object({
  subscriptionId: z.string(),
  /** The period end the job was scheduled for: a stale job (the period moved on) does nothing. */
  periodEnd: z.string(),
});

export const renewJob = defineJob('plans.renew', renewPayload, renew);

/**
 * A member's plan changed: what their plan unlocks on their public pages (a custom domain) may
 * start or stop being served, so cached copies of their site are out of date.
 */
export const announcePlanChange = (deps: ModuleDeps, userId: string) =>
  announceChange(deps, { kind: 'site', userIds: [userId] });

export function scheduleRenewal(deps: Pick<ModuleDeps, 'db' | 'now'>, sub: SubscriptionRow) {
  const periodEnd = sub.currentPeriodEnd.toISOString();
  return enqueueJob(
    deps,
    renewJob,
    { subscriptionId: sub.id, periodEnd },
    { runAt: sub.currentPeriodEnd, dedupeKey: `${renewJob.name}:${sub.id}:${periodEnd}` },
  );
}

const CARD_FAILURES = {
  expired: 'Your card has expired.',
  charge_fails: 'Your card was declined.',
  declines: 'Your card was declined.',
  insufficient_funds: 'Your card has insufficient funds.',
  missing: 'There is no card on file for this plan.',
} as const;

/** Why the saved card cannot pay at `at`, or null when it can. */
async function cardFailure(
  deps: Pick<ModuleDeps, 'db'>,
  sub: SubscriptionRow,
  at: Date,
): Promise<string | null> {
  const [card] = sub.paymentMethodId
    ? await deps.db.select().from(savedCards).where(eq(savedCards.id, sub.paymentMethodId)).limit(1)
    : [];
  if (!card) return CARD_FAILURES.missing;
  // A card is good through the last day of its expiry month.
  if (Date.UTC(card.expYear, card.expMonth, 1) <= at.getTime()) return CARD_FAILURES.expired;
  return card.behaviour === 'succeeds' ? null : CARD_FAILURES[card.behaviour];
}

async function renew(deps: ModuleDeps, payload: z.output<typeof renewPayload>): Promise<void> {
  const ended = await inTransaction(deps, async (tx) => {
    const sub = await lockSubscription(tx.db, payload.subscriptionId);
    if (!sub || sub.status !== 'active' || sub.provider !== 'local') return null;
    if (sub.currentPeriodEnd.toISOString() !== payload.periodEnd) return null;
    if (sub.cancelAtPeriodEnd) return endSubscription(tx, sub, 'switched_to_free');
    const periodStart = sub.currentPeriodEnd;
    const charge = {
      periodStart,
      periodEnd: periodEndAfter(sub.createdAt, sub.frequency, periodStart),
      amountMinor: PLANS[sub.planId].priceMinor[sub.frequency],
      currency: deps.env.CURRENCY,
      idempotencyKey: periodChargeKey(sub.id, periodStart),
    };
    const failure = await cardFailure(tx, sub, nowDate(deps));
    if (failure) {
      await recordChargeFailed(tx, sub, { ...charge, providerRef: null, failureMessage: failure });
      return endSubscription(tx, sub, 'payment_failed');
    }
    const providerRef = `pi_local_${randomBytes(12).toString('hex')}`;
    const paid = await recordPeriodPaid(tx, sub, { ...charge, providerRef });
    if (!paid.created) return null;
    await scheduleRenewal(tx, paid.subscription);
    await queuePlanMail(tx, 'renewed', paid.charge.id);
    return null;
  });
  if (ended) announcePlanChange(deps, ended.userId);
}
