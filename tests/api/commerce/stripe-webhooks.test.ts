import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  jobs,
  ledgerEntries,
  sellerAccounts,
  transactions,
  webhookEvents,
} from '../../../src/server/db/schema';
import { queuePayout, STRIPE_EVENT_JOB } from '../../../src/server/modules/commerce';
import { createTestApp, type TestApp } from '../../helpers/app';
import { startStripeStandIn, type StripeStandIn } from '../../helpers/stripe-stand-in';
import { inject, signedInUser } from '../../factories/accounts';
import { createProduct } from '../../factories/catalog';
import { createTestOrder, markTestShipped, readTestOrder } from '../../factories/commerce';
import { WEBHOOK_SECRET, deliver, startStripePayment, stripeSellerAccount } from './stripe-support';

/**
 * Stripe as the payments driver, end to end through the API: an order paid by a signed
 * `payment_intent.succeeded` webhook, handled by the job queue; its seller paid out by a transfer
 * on shipment; refused, repeated and out-of-date deliveries.
 */
let standIn: StripeStandIn;
let t: TestApp;
let buyerId: string;
let buyerEmail: string;
let buyerAuth: Record<string, string>;

beforeAll(async () => {
  standIn = await startStripeStandIn();
  t = await createTestApp(
    { payments: standIn.driver() },
    { STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET },
  );
  const buyer = await signedInUser(t.deps, { name: 'Sam Buyer' });
  buyerId = buyer.user.id;
  buyerEmail = buyer.user.email;
  buyerAuth = buyer.auth;
});
afterAll(async () => {
  await t?.close();
  await standIn?.close();
});

const db = () => t.deps.database.db;
const eventJobs = () => db().select().from(jobs).where(eq(jobs.name, STRIPE_EVENT_JOB));

/** An order of one seller's item with its Stripe intent, not yet paid. */
async function stripeOrder(options: { sellerReady?: boolean } = {}) {
  const seller = await signedInUser(t.deps, { name: 'Maya Seller' });
  const product = await createProduct(
    t,
    { id: seller.user.id, role: 'user' },
    {
      price: 20,
      shippingCost: 5,
      stock: 5,
    },
  );
  const accountId = await stripeSellerAccount(t, standIn, seller.user.id, options.sellerReady);
  const order = await createTestOrder(t, buyerId, [{ productId: product._id, amount: 2 }]);
  const started = await startStripePayment(t, buyerAuth, order);
  const intent = { ...started, id: started.paymentIntentId };
  return { seller, order, intent, accountId, partId: order.transactions[0]!._id };
}

describe('a signed payment_intent.succeeded', () => {
  it('is answered at once, then pays the order through the job queue', async () => {
    const { order, intent, seller } = await stripeOrder();
    expect(order.paymentProvider).toBe('stripe');
    // POST /payment-intent started it: 2 × 20 + 2 × 5 shipping, 10% tax = 55.00, keyed by order.
    expect(intent).toMatchObject({
      provider: 'stripe',
      amount: 55,
      clientSecret: standIn.intents.get(intent.id)!.client_secret,
      publishableKey: 'pk_test_stand_in',
    });
    expect(standIn.calls('POST', '/v1/payment_intents').at(-1)).toMatchObject({
      body: {
        amount: '5500',
        currency: 'usd',
        transfer_group: `order_${order._id}`,
        metadata: { orderId: order._id },
      },
      idempotencyKey: `pi:${order._id}`,
    });
    standIn.succeed(intent.id);
    const event = standIn.event('payment_intent.succeeded', standIn.intents.get(intent.id)!);

    const res = await deliver(t, standIn, event);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true });
    expect((await readTestOrder(t, order._id)).status).toBe('pending');

    const mail = await t.outbox(); // runs the due jobs: the event, then the mails it queued
    const paid = await readTestOrder(t, order._id);
    expect(paid).toMatchObject({ status: 'paid', paymentError: null });
    expect(paid.transactions[0]).toMatchObject({ status: 'paid', payoutStatus: 'held' });
    const to = (address: string) => mail.filter((m) => m.to === address).map((m) => m.subject);
    expect(to(buyerEmail)).toEqual([expect.stringMatching(/^Your order \w+ is confirmed$/)]);
    expect(to(seller.user.email)).toEqual([expect.stringMatching(/^New sale: order /)]);
    const ledger = await db()
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.orderId, order._id));
    expect(ledger).toMatchObject([
      { kind: 'charge', amountMinor: 5500, provider: 'stripe', providerRef: intent.id },
    ]);
    const [recorded] = await db()
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.id, String(event.id)));
    expect(recorded).toMatchObject({ type: 'payment_intent.succeeded' });
    expect(recorded!.processedAt).toBeInstanceOf(Date);
  });

  it("pays the seller out once on shipment: one transfer, linked to the buyer's charge", async () => {
    const { order, intent, accountId, partId } = await stripeOrder({ sellerReady: true });
    const charge = standIn.succeed(intent.id).latest_charge;
    await deliver(
      t,
      standIn,
      standIn.event('payment_intent.succeeded', standIn.intents.get(intent.id)!),
    );
    await t.runJobs();
    const before = standIn.calls('POST', '/v1/transfers').length;

    await markTestShipped(t, partId);
    await queuePayout(t.moduleDeps(), partId);
    await t.runJobs();
    // Asked again (a retried job, a second ship click): the ledger has it, Stripe is not called.
    await queuePayout(t.moduleDeps(), partId);
    await t.runJobs();

    const transfers = standIn.calls('POST', '/v1/transfers').slice(before);
    expect(transfers).toEqual([
      {
        method: 'POST',
        path: '/v1/transfers',
        body: {
          amount: '5500',
          currency: 'usd',
          destination: accountId,
          transfer_group: `order_${order._id}`,
          source_transaction: charge,
          metadata: { orderId: order._id, transactionId: partId },
        },
        idempotencyKey: `transfer:${partId}`,
        stripeAccount: null,
      },
    ]);
    const [part] = await db().select().from(transactions).where(eq(transactions.id, partId));
    expect(part).toMatchObject({ payoutStatus: 'paid', payoutHeldReason: null });
  });
});

describe('refused deliveries', () => {
  it('a bad or missing signature is 400 WEBHOOK_SIGNATURE_INVALID and nothing is recorded', async () => {
    const { order, intent } = await stripeOrder();
    standIn.succeed(intent.id);
    const event = standIn.event('payment_intent.succeeded', standIn.intents.get(intent.id)!);
    const eventsBefore = (await db().select().from(webhookEvents)).length;
    const jobsBefore = (await eventJobs()).length;
    const { payload, signature } = standIn.sign(event, WEBHOOK_SECRET);
    const post = (headers: Record<string, string>, body = payload) =>
      inject(t, {
        method: 'POST',
        url: '/api/v1/webhooks/stripe',
        headers: { 'content-type': 'application/json', ...headers },
        payload: body,
      });

    const refusals = [
      await deliver(t, standIn, event, 'whsec_someone_else'),
      await post({ 'stripe-signature': signature }, payload.replace('succeeded', 'canceled')),
      await post({ 'stripe-signature': 't=1,v1=00' }),
    ];
    for (const res of refusals) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'WEBHOOK_SIGNATURE_INVALID',
        message: expect.stringMatching(/^The Stripe-Signature header does not match this body/),
      });
    }
    const missing = await post({});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      code: 'WEBHOOK_SIGNATURE_INVALID',
      message: expect.stringMatching(/^The Stripe-Signature header is missing\./),
    });

    expect(await db().select().from(webhookEvents)).toHaveLength(eventsBefore);
    expect(await eventJobs()).toHaveLength(jobsBefore);
    await t.runJobs();
    expect((await readTestOrder(t, order._id)).status).toBe('pending');
  });

  it('a correctly signed body that is not an event is 400, never a 500', async () => {
    const bodies = [
      'null',
      '5',
      '[]',
      'not json',
      '{"id":"evt_1"}',
      '{"id":"evt_2","type":"x","data":{}}',
    ];
    for (const payload of bodies) {
      const signature = Stripe.webhooks.generateTestHeaderString({
        payload,
        secret: WEBHOOK_SECRET,
      });
      const res = await inject(t, {
        method: 'POST',
        url: '/api/v1/webhooks/stripe',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        payload,
      });
      expect(res.statusCode, payload).toBe(400);
      expect(res.json().message, payload).toMatch(/Stripe/);
    }
  });

  it('takes only JSON bodies, raw in this route alone (other routes still parse JSON)', async () => {
    const text = await inject(t, {
      method: 'POST',
      url: '/api/v1/webhooks/stripe',
      headers: { 'content-type': 'text/plain', 'stripe-signature': 't=1,v1=00' },
      payload: '{}',
    });
    expect(text.statusCode).toBe(415);
    const login = await inject(t, {
      method: 'POST',
      url: '/api/v1/login',
      payload: { email: 'nobody@example.test', password: 'wrong password' },
    });
    expect(login.statusCode).toBe(401);
  });

  it('is 404 with the reason when Stripe is not configured', { timeout: 90_000 }, async () => {
    const embedded = await createTestApp();
    const noSecret = await createTestApp({ payments: standIn.driver() });
    try {
      const event = standIn.event('payment_intent.succeeded', {
        id: 'pi_x',
        object: 'payment_intent',
      });
      const off = await deliver(embedded, standIn, event);
      expect(off.statusCode).toBe(404);
      expect(off.json().message).toBe(
        'Stripe webhooks are not enabled: this server takes payments with its embedded driver (set STRIPE_SECRET_KEY to use Stripe).',
      );
      const unsigned = await deliver(noSecret, standIn, event);
      expect(unsigned.statusCode).toBe(404);
      expect(unsigned.json().message).toMatch(/STRIPE_WEBHOOK_SECRET is not set/);
    } finally {
      await embedded.close();
      await noSecret.close();
    }
  });
});

describe('repeated and late deliveries', () => {
  it('the same event delivered twice is processed once', async () => {
    const { order, intent } = await stripeOrder();
    standIn.succeed(intent.id);
    const event = standIn.event('payment_intent.succeeded', standIn.intents.get(intent.id)!);
    const jobsBefore = (await eventJobs()).length;
    for (const res of [await deliver(t, standIn, event), await deliver(t, standIn, event)]) {
      expect(res.statusCode).toBe(200);
    }
    expect(await eventJobs()).toHaveLength(jobsBefore + 1);
    await t.runJobs();
    expect((await deliver(t, standIn, event)).statusCode).toBe(200); // after it was handled
    expect(await eventJobs()).toHaveLength(jobsBefore + 1);
    const charges = await db()
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.orderId, order._id));
    expect(charges).toHaveLength(1);
  });

  it('a failed attempt shows Stripe’s reason; a failure arriving after the payment changes nothing', async () => {
    const { order, intent } = await stripeOrder();
    standIn.fail(intent.id, 'Your card was declined.');
    const failed = standIn.event('payment_intent.payment_failed', standIn.intents.get(intent.id)!);
    await deliver(t, standIn, failed);
    await t.runJobs();
    expect(await readTestOrder(t, order._id)).toMatchObject({
      status: 'payment_failed',
      paymentError: 'Your card was declined.',
    });

    standIn.succeed(intent.id);
    await deliver(
      t,
      standIn,
      standIn.event('payment_intent.succeeded', standIn.intents.get(intent.id)!),
    );
    await t.runJobs();
    // The failure's event again, late (under another id, so it is not a mere redelivery).
    await deliver(t, standIn, { ...failed, id: `${String(failed.id)}_late` });
    await t.runJobs();
    expect(await readTestOrder(t, order._id)).toMatchObject({ status: 'paid', paymentError: null });
  });

  it('account.updated reads the account from Stripe and releases payouts held for setup', async () => {
    const { seller, intent, accountId, partId } = await stripeOrder();
    standIn.succeed(intent.id);
    await deliver(
      t,
      standIn,
      standIn.event('payment_intent.succeeded', standIn.intents.get(intent.id)!),
    );
    await markTestShipped(t, partId);
    await queuePayout(t.moduleDeps(), partId);
    await t.runJobs();
    const [held] = await db().select().from(transactions).where(eq(transactions.id, partId));
    expect(held).toMatchObject({
      payoutStatus: 'held',
      payoutHeldReason: expect.stringMatching(/payout setup/),
    });

    // An old snapshot (not yet submitted) arrives after the seller finished onboarding.
    const stale = standIn.event('account.updated', standIn.accounts.get(accountId)!);
    standIn.updateAccount(accountId, { details_submitted: true, payouts_enabled: true });
    await deliver(t, standIn, stale);
    await t.runJobs();

    const [account] = await db()
      .select()
      .from(sellerAccounts)
      .where(eq(sellerAccounts.userId, seller.user.id));
    expect(account).toMatchObject({ detailsSubmitted: true, payoutsEnabled: true });
    const [paid] = await db().select().from(transactions).where(eq(transactions.id, partId));
    expect(paid).toMatchObject({ payoutStatus: 'paid' });
    expect(
      standIn
        .calls('POST', '/v1/transfers')
        .filter((r) => r.idempotencyKey === `transfer:${partId}`),
    ).toHaveLength(1);
  });

  it('acknowledges other events and events about orders or accounts it does not have', async () => {
    const others = [
      standIn.event('charge.refunded', { id: 'ch_1', object: 'charge' }),
      standIn.event('customer.created', { id: 'cus_1', object: 'customer' }),
      standIn.event('payment_intent.succeeded', {
        id: 'pi_elsewhere',
        object: 'payment_intent',
        amount: 100,
        amount_received: 100,
        metadata: { orderId: '00000000-0000-4000-8000-000000000000' },
      }),
      standIn.event('payment_intent.succeeded', {
        id: 'pi_no_order',
        object: 'payment_intent',
        amount: 1,
        metadata: { orderId: 'x' },
      }),
      standIn.event('account.updated', { id: 'acct_not_ours', object: 'account' }),
    ];
    for (const event of others) expect((await deliver(t, standIn, event)).statusCode).toBe(200);
    await t.runJobs();
    const ids = others.map((e) => String(e.id));
    const rows = await db().select().from(webhookEvents);
    for (const id of ids) {
      expect(rows.find((r) => r.id === id)?.processedAt, id).toBeInstanceOf(Date);
    }
    const failedJobs = (await eventJobs()).filter((j) => j.status !== 'done');
    expect(failedJobs).toEqual([]);
  });
});
