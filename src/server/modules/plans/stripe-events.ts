import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { MESSAGES } from '../../../shared/messages';
import { subscriptions, type SubscriptionRow } from '../../db/schema';
import type { BillingDriver, BillingInvoiceInfo } from '../../adapters/payments/types';
import { defineJob, inTransaction, type ModuleDeps } from '../core';
import { announcePlanChange } from './renew';
import { billingOf, invoiceCharge, recordPaidInvoice, type StripeDeps } from './stripe-billing';
import {
  endSubscription,
  lockSubscription,
  recordChargeFailed,
  setCancelAtPeriodEnd,
} from './subscription-state';

// Stripe's subscription events (docs/decisions/033). Commerce's webhook receiver checks the
// signature and records each event id once; the events below are queued to this module's job
// instead of commerce's (the route hands the receiver PLAN_STRIPE_EVENT_ROUTES), so commerce never
// imports plans. Stripe delivers late, twice or out of order, so every handler reads the invoice,
// subscription or schedule back from Stripe as it is now (never an old event's snapshot, and no
// field that depends on the webhook endpoint's API version) and the state only moves forward: a
// charge is recorded once per invoice, a period never moves back, an ended subscription stays
// ended.

const planStripeEventPayload = z.object({
  id: z.string(),
  type: z.string(),
  object: z.looseObject({ id: z.string() }),
});

export const planStripeEventJob = defineJob(
  'plans.stripe-event',
  planStripeEventPayload,
  handlePlanStripeEvent,
);

/** The Stripe event types this module handles, each to its job (given to commerce's receiver). */
export const PLAN_STRIPE_EVENT_ROUTES: Readonly<Record<string, typeof planStripeEventJob>> =
  Object.fromEntries(
    [
      'invoice.paid',
      'invoice.payment_failed',
      'customer.subscription.updated',
      'customer.subscription.deleted',
      'subscription_schedule.canceled',
      'subscription_schedule.completed',
    ].map((type) => [type, planStripeEventJob]),
  );

async function rowWhere(deps: Pick<ModuleDeps, 'db'>, column: 'sub' | 'schedule', id: string) {
  const [row] = await deps.db
    .select()
    .from(subscriptions)
    .where(
      column === 'sub'
        ? eq(subscriptions.providerSubscriptionId, id)
        : eq(subscriptions.scheduleId, id),
    )
    .limit(1);
  return row ?? null;
}

/** Not ours (a test account shared by several servers sends every subscription): logged only. */
function notOurs(deps: ModuleDeps, what: Record<string, unknown>) {
  deps.log.warn(what, 'stripe subscription event for a subscription this server does not have');
}

/** An invoice was paid: its period is recorded (once) and the plan runs until its end. */
async function invoicePaid(deps: ModuleDeps, billing: BillingDriver, invoiceId: string) {
  const invoice = await billing.retrieveInvoice(invoiceId);
  if (invoice.status !== 'paid') return invoiceFailed(deps, billing, invoice);
  if (!invoice.subscriptionId) return;
  const row = await rowWhere(deps, 'sub', invoice.subscriptionId);
  if (!row) return notOurs(deps, { invoiceId, subscriptionId: invoice.subscriptionId });
  await recordPaidInvoice(deps, row.id, invoice);
}

/**
 * An invoice could not be paid. Read back: paid meanwhile (a later attempt worked) → paid. Still
 * open → Stripe is told to stop (the subscription is cancelled, so it never retries or charges
 * later) and the member is back on the free plan: a renewal with the "could not renew" email, a
 * first payment (the member is at the form, which said why) quietly.
 */
async function invoiceFailed(
  deps: ModuleDeps,
  billing: BillingDriver,
  invoice: BillingInvoiceInfo,
): Promise<void> {
  if (invoice.status === 'paid') return invoicePaid(deps, billing, invoice.id);
  if (invoice.status !== 'open' || !invoice.subscriptionId) return;
  const row = await rowWhere(deps, 'sub', invoice.subscriptionId);
  if (!row) return notOurs(deps, { invoiceId: invoice.id, subscriptionId: invoice.subscriptionId });
  if (row.status === 'ended') return;
  const intent = invoice.paymentIntentId
    ? await deps.payments!.retrievePaymentIntent(invoice.paymentIntentId)
    : null;
  // The card holder is confirming (3-D Secure) or the bank is still deciding: not a failure yet.
  if (intent && intent.status !== 'requires_payment_method') return;
  await billing.cancelNow({
    scheduleId: row.scheduleId,
    subscriptionId: row.providerSubscriptionId,
  });
  const ended = await inTransaction(deps, async (tx) => {
    const locked = await lockSubscription(tx.db, row.id);
    if (!locked || locked.status === 'ended') return false;
    const failureMessage = intent?.lastPaymentError ?? MESSAGES.paymentError;
    await recordChargeFailed(tx, locked, { ...invoiceCharge(invoice), failureMessage });
    await endSubscription(
      tx,
      locked,
      locked.status === 'incomplete' ? 'incomplete_expired' : 'payment_failed',
    );
    return locked.status === 'active';
  });
  // Back on the free plan: what it unlocks on the member's pages changes (after the commit).
  if (ended) announcePlanChange(deps, row.userId);
}

/**
 * The subscription changed at Stripe (renewed, cancelled, set to stop at its period end, from our
 * own calls or Stripe's Dashboard). Read back: over → the plan ends; otherwise whether it stops at
 * the period end follows Stripe. Periods move only with paid invoices.
 */
async function subscriptionChanged(deps: ModuleDeps, billing: BillingDriver, subId: string) {
  const row = await rowWhere(deps, 'sub', subId);
  if (!row) return notOurs(deps, { subscriptionId: subId });
  if (row.status === 'ended') return;
  const sub = await billing.retrieveSubscription(subId);
  await settle(deps, billing, row, sub);
}

async function settle(
  deps: ModuleDeps,
  billing: BillingDriver,
  row: SubscriptionRow,
  sub: Awaited<ReturnType<BillingDriver['retrieveSubscription']>>,
) {
  const over = sub.status === 'canceled' || sub.status === 'incomplete_expired';
  let ends = sub.cancelAtPeriodEnd;
  if (!over && sub.scheduleId) {
    const schedule = await billing.retrieveSchedule(sub.scheduleId);
    ends ||= schedule.status === 'active' && schedule.endBehavior === 'cancel';
  }
  const ended = await inTransaction(deps, async (tx) => {
    const locked = await lockSubscription(tx.db, row.id);
    if (!locked || locked.status === 'ended') return false;
    if (!over) {
      if (locked.status === 'active' && locked.cancelAtPeriodEnd !== ends) {
        await setCancelAtPeriodEnd(tx, locked, ends);
      }
      return false;
    }
    // Cancelled with its latest invoice unpaid: a renewal failed (by Stripe's own retries, or ours
    // cancelled it and this event came first).
    const unpaid = sub.latestInvoice?.status === 'open' && locked.status === 'active';
    const reason =
      sub.cancellationReason === 'payment_failed' || unpaid
        ? 'payment_failed'
        : locked.status === 'incomplete' || sub.status === 'incomplete_expired'
          ? 'incomplete_expired'
          : 'switched_to_free';
    await endSubscription(tx, locked, reason);
    return locked.status === 'active';
  });
  if (ended) announcePlanChange(deps, row.userId);
}

/** The schedule ended (cancelled, or its last phase over with `cancel`): its subscription decides. */
async function scheduleEnded(deps: ModuleDeps, billing: BillingDriver, scheduleId: string) {
  const row = await rowWhere(deps, 'schedule', scheduleId);
  if (!row) return notOurs(deps, { scheduleId });
  if (row.status === 'ended' || !row.providerSubscriptionId) return;
  await settle(deps, billing, row, await billing.retrieveSubscription(row.providerSubscriptionId));
}

type Handler = (deps: ModuleDeps, billing: BillingDriver, id: string) => Promise<void>;

const HANDLERS: Record<string, Handler> = {
  'invoice.paid': invoicePaid,
  'invoice.payment_failed': async (deps, billing, id) =>
    invoiceFailed(deps, billing, await billing.retrieveInvoice(id)),
  'customer.subscription.updated': subscriptionChanged,
  'customer.subscription.deleted': subscriptionChanged,
  'subscription_schedule.canceled': scheduleEnded,
  'subscription_schedule.completed': scheduleEnded,
};

/** Job: one accepted event (commerce's receiver queued it with its id, type and object). */
async function handlePlanStripeEvent(
  deps: ModuleDeps,
  event: z.output<typeof planStripeEventPayload>,
): Promise<void> {
  const billing = billingOf(deps);
  if (!billing) return; // Stripe was switched off since: nothing to read back
  await HANDLERS[event.type]?.(deps as StripeDeps, billing, event.object.id);
}
