import { eq } from 'drizzle-orm';
import { jobs, sellerAccounts } from '../../../src/server/db/schema';
import { paymentsOf, queuePayout, stripeEventJob } from '../../../src/server/modules/commerce';
import {
  paymentIntentResponse,
  type Order,
  type PaymentIntentResponse,
} from '../../../src/shared/contracts/commerce';
import type { Database } from '../../../src/server/db/client';
import { createTestApp, type TestApp } from '../../helpers/app';
import { startStripeStandIn, type StripeStandIn } from '../../helpers/stripe-stand-in';
import { inject, signedInUser } from '../../factories/accounts';
import { createProduct } from '../../factories/catalog';
import { createTestOrder, markTestShipped } from '../../factories/commerce';

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

export interface StripeTestApp {
  t: TestApp;
  standIn: StripeStandIn;
  buyer: { id: string; email: string; auth: Record<string, string> };
}

/**
 * An app whose payments driver is Stripe (aimed at a fresh stand-in), with a signed-in buyer; on
 * `database` when given (a fault drill's own PostgreSQL).
 */
export async function openStripeTestApp(
  options: { database?: Database } = {},
): Promise<StripeTestApp> {
  const standIn = await startStripeStandIn();
  const t = await createTestApp(
    { payments: standIn.driver() },
    { STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET },
    options,
  );
  const { user, auth } = await signedInUser(t.deps, { name: 'Sam Buyer' });
  return { t, standIn, buyer: { id: user.id, email: user.email, auth } };
}

export async function closeStripeTestApp(w: StripeTestApp | undefined) {
  await w?.t.close();
  await w?.standIn.close();
}

/** An order of one seller's item (2 × 20 + 5 shipping each, 10% tax) with its intent, unpaid. */
export async function stripeOrder(w: StripeTestApp, options: { sellerReady?: boolean } = {}) {
  const seller = await signedInUser(w.t.deps, { name: 'Maya Seller' });
  const owner = { id: seller.user.id, role: 'user' as const };
  const product = await createProduct(w.t, owner, { price: 20, shippingCost: 5, stock: 5 });
  const accountId = await stripeSellerAccount(w.t, w.standIn, seller.user.id, options.sellerReady);
  const order = await createTestOrder(w.t, w.buyer.id, [{ productId: product._id, amount: 2 }]);
  const started = await startStripePayment(w.t, w.buyer.auth, order);
  const intent = { ...started, id: started.paymentIntentId };
  return { seller, order, intent, accountId, partId: order.transactions[0]!._id };
}

/** A stripeOrder the buyer paid: Stripe's event delivered and handled. */
export async function paidStripeSale(w: StripeTestApp, options: { sellerReady?: boolean } = {}) {
  const sale = await stripeOrder(w, options);
  w.standIn.succeed(sale.intent.id);
  const paid = w.standIn.event('payment_intent.succeeded', w.standIn.intents.get(sale.intent.id)!);
  await deliver(w.t, w.standIn, paid);
  await w.t.runJobs();
  return sale;
}

/**
 * A paidStripeSale shipped and paid out to the seller (a ready account): the transfer is in the
 * ledger, so a refund now reverses part of it. `transferId` is that transfer at Stripe.
 */
export async function paidOutStripeSale(w: StripeTestApp) {
  const sale = await paidStripeSale(w, { sellerReady: true });
  await markTestShipped(w.t, sale.partId);
  await queuePayout(w.t.moduleDeps(), sale.partId);
  await w.t.runJobs();
  const transferId = [...w.standIn.transfers.values()].find(
    (tr) => (tr.metadata as Record<string, string>).transactionId === sale.partId,
  )!.id as string;
  return { ...sale, transferId };
}

/** The queued (or run) Stripe event jobs of the test app. */
export const eventJobs = (t: TestApp) =>
  t.deps.database.db.select().from(jobs).where(eq(jobs.name, stripeEventJob.name));
