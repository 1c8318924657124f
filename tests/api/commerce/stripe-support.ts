import { eq } from 'drizzle-orm';
import { orders, sellerAccounts } from '../../../src/server/db/schema';
import { paymentsOf } from '../../../src/server/modules/commerce';
import type { Order } from '../../../src/shared/contracts/commerce';
import type { TestApp } from '../../helpers/app';
import type { StripeStandIn } from '../../helpers/stripe-stand-in';
import { inject } from '../../factories/accounts';

/** What the Stripe tests share: signed deliveries, an order's intent, a seller's account. */

export const WEBHOOK_SECRET = 'whsec_test_secret_for_the_stand_in';

/** POSTs an event to the webhook the way Stripe does: its exact bytes and their signature. */
export function deliver(
  t: TestApp,
  standIn: StripeStandIn,
  event: Record<string, unknown>,
  secret = WEBHOOK_SECRET,
) {
  const { payload, signature } = standIn.sign(event, secret);
  return inject(t, {
    method: 'POST',
    url: '/api/v1/webhooks/stripe',
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
    payload,
  });
}

/**
 * The order's PaymentIntent, made through the configured driver as checkout makes it (one per
 * order, keyed by the order), and remembered on the order.
 */
export async function startStripePayment(t: TestApp, order: Order) {
  const intent = await paymentsOf(t.moduleDeps()).createPaymentIntent({
    amountMinor: Math.round(order.grandTotal * 100),
    currency: order.currency,
    transferGroup: `order_${order._id}`,
    metadata: { orderId: order._id },
    idempotencyKey: `intent:${order._id}`,
  });
  await t.deps.database.db
    .update(orders)
    .set({ paymentIntentId: intent.id })
    .where(eq(orders.id, order._id));
  return intent;
}

/** A seller's connected account on the stand-in, recorded as onboarding records it. */
export async function stripeSellerAccount(
  t: TestApp,
  standIn: StripeStandIn,
  userId: string,
  ready = false,
) {
  const { id } = await paymentsOf(t.moduleDeps()).createAccount({
    email: `${userId}@example.test`,
    metadata: { userId },
    idempotencyKey: `account:${userId}`,
  });
  if (ready) standIn.updateAccount(id, { details_submitted: true, payouts_enabled: true });
  await t.deps.database.db.insert(sellerAccounts).values({
    userId,
    provider: 'stripe',
    accountId: id,
    detailsSubmitted: ready,
    payoutsEnabled: ready,
  });
  return id;
}
