import { count, eq } from 'drizzle-orm';
import type { UserPlan } from '../../../shared/contracts/accounts';
import type { SubscriptionPlanResponse } from '../../../shared/contracts/plans';
import { PLANS, type PaidPlanId, type PlanFrequency } from '../../../shared/plans';
import type { BillingDriver, BillingInvoiceInfo } from '../../adapters/payments/types';
import { subscriptions, users, type SubscriptionRow } from '../../db/schema';
import { conflict, inTransaction, nowDate, paymentRequired, uniqueViolation } from '../core';
import { queuePlanMail } from './mail';
import {
  atStripe,
  lockRow,
  recordPaidInvoice,
  requireBilling,
  stripeFailure,
  type StripeDeps,
} from './stripe-billing';
import {
  endSubscription,
  latestSubscription,
  liveSubscription,
  setCancelAtPeriodEnd,
  userPlanOf,
} from './subscription-state';

export type { StripeDeps } from './stripe-billing';

// The Stripe driver's side of subscriptions (docs/decisions/033): a Subscription Schedule per
// purchase, its first invoice charged at once, later periods reported by webhooks
// (stripe-events.ts). Stripe is called before our rows change, so a failure there leaves nothing
// of ours half-made; the state changes go through subscription-state.ts like the embedded
// driver's.

export interface StripeSubscribeInput {
  planId: PaidPlanId;
  frequency: PlanFrequency;
  /** The card (pm_…) Stripe.js created in the browser. */
  paymentMethodId: string;
}

/**
 * A purchase that never got paid (the member left the card check, or a failure cut it short) is
 * cancelled at Stripe, so its invoice can never be charged later, and then ended here.
 */
export async function abandonIncomplete(deps: StripeDeps, row: SubscriptionRow): Promise<void> {
  if (row.provider === 'stripe') {
    await requireBilling(deps).cancelNow({
      scheduleId: row.scheduleId,
      subscriptionId: row.providerSubscriptionId,
    });
  }
  await inTransaction(deps, async (tx) => {
    const locked = await lockRow(tx, row.id);
    if (locked.status === 'incomplete') await endSubscription(tx, locked, 'incomplete_expired');
  });
}

/**
 * POST /users/subscription with Stripe: the member's customer (reused from an earlier
 * subscription), the card attached as its default, the plan's price and a schedule started now;
 * the subscription is stored `incomplete` and its first invoice charged. Paid: active, the receipt
 * queued, the plan answered. A card check (3-D Secure): the plan with `paymentAction.clientSecret`
 * for Stripe.js; invoice.paid activates it once confirmed. Declined: cancelled at Stripe, ended
 * here, 402 with the bank's words.
 */
export async function subscribeWithStripe(
  deps: StripeDeps,
  userId: string,
  input: StripeSubscribeInput,
): Promise<SubscriptionPlanResponse> {
  const billing = requireBilling(deps);
  const live = await liveSubscription(deps.db, userId);
  if (live?.status === 'incomplete') await atStripe(() => abandonIncomplete(deps, live));
  const plan = PLANS[input.planId];
  const [member] = await deps.db
    .select({ email: users.email, name: users.name })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  const [{ n } = { n: 0 }] = await deps.db
    .select({ n: count() })
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId));
  const previous = await latestSubscription(deps.db, userId);
  const metadata = { userId, planId: input.planId, frequency: input.frequency };

  const schedule = await atStripe(async () => {
    const customerId =
      previous?.customerId ??
      (
        await billing.createCustomer({
          email: member!.email,
          name: member!.name,
          metadata: { userId },
          idempotencyKey: `customer:${userId}`,
        })
      ).id;
    await billing.attachPaymentMethod({ customerId, paymentMethodId: input.paymentMethodId });
    const price = await billing.ensurePrice({
      planId: input.planId,
      planName: `${deps.env.BRAND_NAME} ${plan.name}`,
      interval: input.frequency,
      amountMinor: plan.priceMinor[input.frequency],
      currency: deps.env.CURRENCY,
    });
    // The nth purchase with this card: a retried request finds the same schedule at Stripe.
    const made = await billing.createSchedule({
      customerId,
      priceId: price.id,
      paymentMethodId: input.paymentMethodId,
      interval: input.frequency,
      metadata,
      idempotencyKey: `schedule:${userId}:${n}:${input.paymentMethodId}`,
    });
    return made.subscription ? made : billing.retrieveSchedule(made.id);
  });
  const sub = schedule.subscription!;
  const invoice = sub.latestInvoice;
  const row = await storeIncomplete(deps, userId, input, schedule.id, sub, invoice);
  if (!invoice) return userPlanOf(row);

  let payment;
  try {
    payment = await billing.payInvoice(invoice.id);
  } catch (err) {
    // Stripe failed mid-way: undo what it can (a schedule that may charge later) and say so.
    await abandonIncomplete(deps, row).catch((undo: unknown) =>
      deps.log.warn({ err: undo, scheduleId: row.scheduleId }, 'incomplete subscription kept'),
    );
    throw stripeFailure(err);
  }
  if (payment.outcome === 'paid')
    return userPlanOf(await recordPaidInvoice(deps, row.id, payment.invoice));
  if (payment.outcome === 'declined') {
    await atStripe(() => abandonIncomplete(deps, row));
    const code =
      payment.decline?.code === 'insufficient_funds' ? 'insufficient_funds' : 'card_declined';
    throw paymentRequired(
      `${payment.decline?.message ?? 'Your card was declined.'} Try another card.`,
      code,
    );
  }
  const clientSecret = payment.invoice.clientSecret;
  return payment.outcome === 'requires_action' && clientSecret
    ? { ...userPlanOf(row), paymentAction: { clientSecret } }
    : userPlanOf(row);
}

/** The new subscription, `incomplete` until its first invoice is paid. */
async function storeIncomplete(
  deps: StripeDeps,
  userId: string,
  input: StripeSubscribeInput,
  scheduleId: string,
  sub: NonNullable<Awaited<ReturnType<BillingDriver['retrieveSchedule']>>['subscription']>,
  invoice: BillingInvoiceInfo | null,
): Promise<SubscriptionRow> {
  const at = nowDate(deps);
  try {
    const [row] = await deps.db
      .insert(subscriptions)
      .values({
        userId,
        planId: input.planId,
        frequency: input.frequency,
        status: 'incomplete',
        provider: 'stripe',
        currentPeriodStart: sub.currentPeriodStart ?? invoice?.periodStart ?? at,
        currentPeriodEnd: sub.currentPeriodEnd ?? invoice?.periodEnd ?? at,
        scheduleId,
        providerSubscriptionId: sub.id,
        customerId: sub.customerId,
        paymentMethodId: input.paymentMethodId,
        createdAt: at,
        updatedAt: at,
      })
      .returning();
    return row!;
  } catch (err) {
    if (!uniqueViolation(err)) throw err;
    // A double submit: the same card made the same schedule, and the other request stored it.
    const live = await liveSubscription(deps.db, userId);
    if (live?.scheduleId === scheduleId) return live;
    await atStripe(() => requireBilling(deps).cancelNow({ scheduleId, subscriptionId: sub.id }));
    throw conflict(
      'Another purchase of a plan is under way for your account. Wait a moment and reload the page.',
      'ALREADY_SUBSCRIBED',
    );
  }
}

/** PATCH /users/subscription with Stripe: it stops renewing at Stripe, then here. */
export async function switchToFreeWithStripe(
  deps: StripeDeps,
  sub: SubscriptionRow,
): Promise<UserPlan> {
  return setEnds(deps, sub, true);
}

/** Undoes a switch to free before the period ends (the member chose the same plan again). */
export async function resumeWithStripe(deps: StripeDeps, sub: SubscriptionRow): Promise<UserPlan> {
  return setEnds(deps, sub, false);
}

async function setEnds(deps: StripeDeps, sub: SubscriptionRow, ends: boolean): Promise<UserPlan> {
  const billing = requireBilling(deps);
  await atStripe(() =>
    billing.setEndsAtPeriodEnd({
      scheduleId: sub.scheduleId,
      subscriptionId: sub.providerSubscriptionId,
      ends,
    }),
  );
  return inTransaction(deps, async (tx) => {
    const row = await lockRow(tx, sub.id);
    if (row.status !== 'active') return userPlanOf(row);
    const next = row.cancelAtPeriodEnd === ends ? row : await setCancelAtPeriodEnd(tx, row, ends);
    if (ends) await queuePlanMail(tx, 'cancel_scheduled', next.id);
    return userPlanOf(next);
  });
}
