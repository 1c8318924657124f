import { randomBytes } from 'node:crypto';
import { cardBrand, digitsOnly } from '../../../shared/card';
import type { UserPlan } from '../../../shared/contracts/accounts';
import type { SubscribeRequest } from '../../../shared/contracts/plans';
import { formatDay } from '../../../shared/format';
import { PLANS } from '../../../shared/plans';
import { savedCards, subscriptions, type SubscriptionRow } from '../../db/schema';
import { localCardOutcome } from '../../adapters/payments/test-cards';
import {
  conflict,
  inTransaction,
  nowDate,
  paymentRequired,
  requireValidCard,
  uniqueViolation,
  validationError,
  type ModuleDeps,
} from '../core';
import { periodEndAfter } from './periods';
import { announcePlanChange, scheduleRenewal } from './renew';
import { queuePlanMail } from './mail';
import { resumeWithStripe, subscribeWithStripe, type StripeDeps } from './stripe-subscriptions';
import {
  liveSubscription,
  periodChargeKey,
  recordPeriodPaid,
  setCancelAtPeriodEnd,
  userPlanOf,
} from './subscription-state';

// POST /users/subscription (docs/decisions/032): buying a paid plan. Rules every driver shares:
// the same plan again while it is switching back to free resumes it without a charge; the same
// plan while active answers it unchanged (a double submit never charges twice); another paid plan
// while one is active is refused with what to do (409 ALREADY_SUBSCRIBED).

const newId = (prefix: string) => `${prefix}_local_${randomBytes(12).toString('hex')}`;

function alreadyOn(live: SubscriptionRow) {
  const plan = PLANS[live.planId];
  const until = formatDay(live.currentPeriodEnd.toISOString());
  return conflict(
    live.cancelAtPeriodEnd
      ? `Your ${plan.name} plan runs until ${until}. You can choose another plan once it has ended, or choose the ${plan.name} plan (${live.frequency}ly) again to keep it.`
      : `You already have the ${plan.name} plan (${live.frequency}ly), renewing on ${until}. To change plans, switch to the free plan first; you can choose another plan when the paid period ends.`,
    'ALREADY_SUBSCRIBED',
  );
}

/** What a live subscription means for a new purchase: its plan (nothing to buy) or a refusal. */
async function againstLive(
  deps: ModuleDeps,
  live: SubscriptionRow,
  input: SubscribeRequest,
): Promise<UserPlan | null> {
  const same = live.planId === input.planId && live.frequency === input.frequency;
  if (live.status === 'incomplete') return null; // the driver finishes or replaces it
  if (!same) throw alreadyOn(live);
  if (!live.cancelAtPeriodEnd) return userPlanOf(live);
  if (live.provider === 'stripe' && deps.payments)
    return resumeWithStripe(deps as StripeDeps, live);
  return inTransaction(deps, async (tx) => {
    const locked = await liveSubscription(tx.db, live.userId, true);
    if (!locked) return null;
    return userPlanOf(await setCancelAtPeriodEnd(tx, locked, false));
  });
}

export async function subscribe(
  deps: ModuleDeps,
  userId: string,
  input: SubscribeRequest,
): Promise<UserPlan> {
  const live = await liveSubscription(deps.db, userId);
  if (live) {
    const answer = await againstLive(deps, live, input);
    if (answer) return answer;
  }
  if (deps.payments) {
    if (!input.paymentMethodId) {
      throw validationError('paymentMethodId: Enter your card details.', 'CARD_INVALID', [
        { path: ['paymentMethodId'], message: 'Enter your card details.' },
      ]);
    }
    const { planId, frequency, paymentMethodId } = input;
    return subscribeWithStripe(deps as StripeDeps, userId, { planId, frequency, paymentMethodId });
  }
  try {
    const plan = await subscribeLocally(deps, userId, input);
    announcePlanChange(deps, userId);
    return plan;
  } catch (err) {
    // Two purchases at once (a double submit): the unique live-subscription index let one in;
    // the other answers as if it came second.
    if (!uniqueViolation(err)) throw err;
    const winner = await liveSubscription(deps.db, userId);
    const answer = winner ? await againstLive(deps, winner, input) : null;
    if (answer) return answer;
    throw err;
  }
}

/**
 * The embedded driver: the card is checked (400 by the field) and its test behaviour decides
 * (402 with Stripe's code on a decline, before anything is written); then in one transaction the
 * card is saved (brand, last four, expiry: never the number), the subscription is created
 * active, its first period charged and recorded, the member's plan set, the renewal scheduled
 * and the receipt queued.
 */
export async function subscribeLocally(
  deps: ModuleDeps,
  userId: string,
  input: SubscribeRequest,
): Promise<UserPlan> {
  const card = input.card;
  if (!card) {
    throw validationError('card: Enter your card details.', 'CARD_INVALID', [
      { path: ['card', 'number'], message: 'Enter the card number.' },
    ]);
  }
  requireValidCard(card, nowDate(deps));
  const { behaviour, decline } = localCardOutcome(card.number);
  // The same 402 as an order's declined payment: Stripe's code and sentence.
  if (decline) throw paymentRequired(decline.message, decline.code);

  const plan = PLANS[input.planId];
  const amountMinor = plan.priceMinor[input.frequency];
  return inTransaction(deps, async (tx) => {
    const at = nowDate(deps);
    const digits = digitsOnly(card.number);
    const cardId = newId('pm');
    await tx.db.insert(savedCards).values({
      id: cardId,
      userId,
      brand: cardBrand(digits),
      last4: digits.slice(-4),
      expMonth: card.expMonth,
      expYear: card.expYear < 100 ? 2000 + card.expYear : card.expYear,
      behaviour,
      createdAt: at,
    });
    const periodEnd = periodEndAfter(at, input.frequency, at);
    const [created] = await tx.db
      .insert(subscriptions)
      .values({
        userId,
        planId: input.planId,
        frequency: input.frequency,
        status: 'incomplete',
        provider: 'local',
        currentPeriodStart: at,
        currentPeriodEnd: periodEnd,
        scheduleId: newId('sub_sched'),
        paymentMethodId: cardId,
        createdAt: at,
        updatedAt: at,
      })
      .returning();
    const { subscription, charge } = await recordPeriodPaid(tx, created!, {
      periodStart: at,
      periodEnd,
      amountMinor,
      currency: deps.env.CURRENCY,
      providerRef: newId('pi'),
      idempotencyKey: periodChargeKey(created!.id, at),
    });
    await scheduleRenewal(tx, subscription);
    await queuePlanMail(tx, 'receipt', charge.id);
    return userPlanOf(subscription);
  });
}

/**
 * The demo (src/server/composition/setup.ts): a seller on a paid plan, bought with Stripe's test card through
 * the embedded driver like any member's, so the plan page, renewals and limits show it for real.
 */
export function seedDemoSubscription(
  deps: ModuleDeps,
  userId: string,
  planId: SubscribeRequest['planId'],
  frequency: SubscribeRequest['frequency'],
): Promise<UserPlan> {
  const expYear = nowDate(deps).getUTCFullYear() + 5;
  const card = { number: '4242424242424242', expMonth: 12, expYear, cvc: '123' };
  return subscribeLocally(deps, userId, { planId, frequency, card });
}
