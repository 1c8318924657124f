import { sellerAccounts } from '../../../src/server/db/schema';
import { paymentsOf } from '../../../src/server/modules/commerce';
import {
  paymentIntentResponse,
  type Order,
  type PaymentIntentResponse,
} from '../../../src/shared/contracts/commerce';
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

/** The order's PaymentIntent, started by its buyer as checkout does (POST /payment-intent). */
export async function startStripePayment(
  t: TestApp,
  buyerAuth: Record<string, string>,
  order: Order,
): Promise<PaymentIntentResponse> {
  const res = await inject(t, {
    method: 'POST',
    url: '/api/v1/payment-intent',
    headers: buyerAuth,
    payload: { orderId: order._id },
  });
  if (res.statusCode !== 200)
    throw new Error(`POST /payment-intent: ${res.statusCode} ${res.body}`);
  return paymentIntentResponse.parse(res.json());
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
