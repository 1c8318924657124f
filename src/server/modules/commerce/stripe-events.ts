import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { sellerAccounts, webhookEvents } from '../../db/schema';
import { isStripeDriver, type StripeDriver } from '../../adapters/payments/stripe';
import { MESSAGES } from '../../../shared/messages';
import {
  defineJob,
  enqueueJob,
  inTransaction,
  isDomainError,
  notFound,
  nowDate,
  validationError,
  type JobDefinition,
  type ModuleDeps,
} from '../core';
import { markOrderPaid, recordPaymentFailure } from './lifecycle';
import { paymentsOf } from './payments';
import { releaseHeldPayouts } from './payouts';

// Stripe's webhooks (docs/decisions/029): a delivery is accepted once its signature matches the
// raw body, recorded by event id (a redelivery is a no-op) and handled later by a job, so Stripe
// gets its 200 at once. Stripe may deliver late, twice or out of order, so every handler leads to
// the same state whatever the order: payment state only moves forward (markOrderPaid and
// recordPaymentFailure ignore steps that come too late), failures and account changes are read
// back from Stripe as they are now instead of trusting an old event's snapshot, and the ledger
// moves money once.

/** What a queued event keeps of Stripe's payload. */
const queuedEvent = z.object({
  id: z.string(),
  type: z.string(),
  object: z.record(z.string(), z.unknown()),
});
export type QueuedStripeEvent = z.input<typeof queuedEvent>;

export const stripeEventJob = defineJob('commerce.stripe-event', queuedEvent, handleStripeEvent);

const signatureInvalid = (why: string) =>
  validationError(
    `${why} This endpoint takes only events signed by Stripe with this server's STRIPE_WEBHOOK_SECRET.`,
    'WEBHOOK_SIGNATURE_INVALID',
  );

type VerifiedEvent = { id?: unknown; type?: unknown; data?: { object?: unknown } };

/** The event, if one of the signing secrets (account and Connect endpoints) signed it. */
function verifiedEvent(
  driver: StripeDriver,
  rawBody: Buffer,
  signature: string,
  secrets: string,
): VerifiedEvent | null {
  for (const secret of secrets.split(',')) {
    try {
      return driver.verifyWebhook(rawBody, signature, secret.trim());
    } catch {
      // not this secret's (or not Stripe's at all)
    }
  }
  return null;
}

/**
 * POST /webhooks/stripe: verifies the delivery, records its event id once and queues it. Without
 * Stripe configured there is nothing to receive (404, saying why). `routes` sends event types
 * another module handles to that module's job (event type → its definition; the route layer
 * composes it, so commerce needs no import of the modules it serves); the rest go to commerce's
 * own job.
 * A routed event's `processed_at` stays empty: that module records its own outcome.
 */
export async function receiveStripeWebhook(
  deps: ModuleDeps,
  rawBody: unknown,
  signature: string | undefined,
  routes: Readonly<Record<string, JobDefinition<QueuedStripeEvent>>> = {},
): Promise<{ received: true }> {
  const driver = deps.payments;
  const secret = deps.env.STRIPE_WEBHOOK_SECRET;
  if (!isStripeDriver(driver)) {
    throw notFound(
      'Stripe webhooks are not enabled: this server takes payments with its embedded driver (set STRIPE_SECRET_KEY to use Stripe).',
    );
  }
  if (!secret) {
    throw notFound(
      'Stripe webhooks are not enabled: STRIPE_WEBHOOK_SECRET is not set on this server.',
    );
  }
  if (!signature) throw signatureInvalid('The Stripe-Signature header is missing.');
  if (!Buffer.isBuffer(rawBody) || rawBody.length === 0) {
    throw signatureInvalid('The request has no event (a JSON body) to verify.');
  }
  const event = verifiedEvent(driver, rawBody, signature, secret);
  if (!event) {
    throw signatureInvalid(
      'The Stripe-Signature header does not match this body (or is more than 5 minutes old).',
    );
  }
  const { id, type } = event;
  const object = event.data?.object;
  if (typeof id !== 'string' || id.length > 255 || typeof type !== 'string') {
    throw validationError('This is not a Stripe event: it has no id or type.');
  }
  if (!object || typeof object !== 'object') {
    throw validationError('This is not a Stripe event: it has no data.object.');
  }
  // Parsed from JSON, so it is JSON.
  const queued = { id, type, object: object as Record<string, unknown> };
  const job: JobDefinition<QueuedStripeEvent> = routes[type] ?? stripeEventJob;
  await inTransaction(deps, async (tx) => {
    const fresh = await tx.db
      .insert(webhookEvents)
      .values({ id, type, receivedAt: nowDate(deps) })
      .onConflictDoNothing({ target: webhookEvents.id })
      .returning({ id: webhookEvents.id });
    if (fresh.length > 0) await enqueueJob(tx, job, queued);
  });
  return { received: true };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The order a payment is for: ours carry `metadata.orderId` (intents of others do not). */
function orderIdOf(metadata: unknown): string | null {
  const orderId = (metadata as { orderId?: unknown } | null)?.orderId;
  return typeof orderId === 'string' && UUID.test(orderId) ? orderId : null;
}

const text = (value: unknown) => (typeof value === 'string' ? value : null);

/** Marks the order paid; a payment for an order this server does not have is only logged. */
async function payOrder(
  deps: ModuleDeps,
  input: { orderId: string; paymentIntentId: string; amountMinor: number },
) {
  try {
    await markOrderPaid(deps, input);
  } catch (err) {
    if (isDomainError(err) && err.code === 'ORDER_NOT_FOUND') {
      deps.log.warn(input, 'stripe payment for an unknown order ignored');
      return;
    }
    throw err;
  }
}

/** A succeeded payment is final: the event's own amount is the amount received. */
async function paymentSucceeded(deps: ModuleDeps, intent: Record<string, unknown>) {
  const orderId = orderIdOf(intent.metadata);
  const id = text(intent.id);
  const amount = intent.amount_received ?? intent.amount;
  if (!orderId || !id || typeof amount !== 'number') return;
  await payOrder(deps, { orderId, paymentIntentId: id, amountMinor: amount });
}

/**
 * An attempt failed. The intent is read back: it may have succeeded since (the buyer tried another
 * card, and that event is late or lost: it is paid now), or failed again with another reason (the
 * latest reason is shown, whichever failure event came last).
 */
async function paymentFailed(deps: ModuleDeps, event: Record<string, unknown>) {
  const id = text(event.id);
  if (!id || !orderIdOf(event.metadata)) return;
  const intent = await paymentsOf(deps).retrievePaymentIntent(id);
  const orderId = orderIdOf(intent.metadata);
  if (!orderId) return;
  if (intent.status === 'succeeded') {
    await payOrder(deps, { orderId, paymentIntentId: id, amountMinor: intent.amountMinor });
  } else if (intent.status === 'requires_payment_method') {
    await recordPaymentFailure(deps, orderId, intent.lastPaymentError ?? MESSAGES.paymentError);
  }
  // processing, requires_action: a newer attempt is under way; canceled: the order expired.
}

/**
 * A seller's connected account changed. Its state is read from Stripe now (an old event's
 * snapshot could undo a newer one); once details are submitted, payouts held for their shipped
 * sales are released (a no-op when there are none or they are already on their way).
 */
async function accountUpdated(deps: ModuleDeps, event: Record<string, unknown>) {
  const accountId = text(event.id);
  if (!accountId) return;
  const [row] = await deps.db
    .select({ userId: sellerAccounts.userId })
    .from(sellerAccounts)
    .where(and(eq(sellerAccounts.accountId, accountId), eq(sellerAccounts.provider, 'stripe')))
    .limit(1);
  if (!row) return; // not a seller of this server
  const account = await paymentsOf(deps).retrieveAccount(accountId);
  await deps.db
    .update(sellerAccounts)
    .set({
      detailsSubmitted: account.detailsSubmitted,
      payoutsEnabled: account.payoutsEnabled,
      updatedAt: nowDate(deps),
    })
    .where(eq(sellerAccounts.userId, row.userId));
  if (account.detailsSubmitted) await releaseHeldPayouts(deps, row.userId);
}

const HANDLERS: Record<
  string,
  (deps: ModuleDeps, object: Record<string, unknown>) => Promise<void>
> = {
  'payment_intent.succeeded': paymentSucceeded,
  'payment_intent.payment_failed': paymentFailed,
  'account.updated': accountUpdated,
};

/** Job: one accepted event. Types without a handler (refunds, transfers…) are acknowledged only. */
async function handleStripeEvent(deps: ModuleDeps, event: QueuedStripeEvent): Promise<void> {
  await HANDLERS[event.type]?.(deps, event.object);
  await deps.db
    .update(webhookEvents)
    .set({ processedAt: nowDate(deps) })
    .where(eq(webhookEvents.id, event.id));
}
