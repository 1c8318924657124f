import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ledgerEntries,
  sellerAccounts,
  transactions,
  webhookEvents,
} from '../../../src/server/db/schema';
import { queuePayout } from '../../../src/server/modules/commerce';
import type { TestApp } from '../../helpers/app';
import type { StripeStandIn } from '../../helpers/stripe-stand-in';
import { markTestShipped, readTestOrder } from '../../factories/commerce';
import {
  closeStripeTestApp,
  deliver,
  eventJobs,
  openStripeTestApp,
  stripeOrder,
  type StripeTestApp,
} from './stripe-support';

/**
 * Stripe as the payments driver, end to end through the API: an order paid by a signed
 * `payment_intent.succeeded` webhook, handled by the job queue; its seller paid out by a transfer
 * on shipment; repeated and out-of-date deliveries (refusals: stripe-webhook-refusals.test.ts).
 */
let w: StripeTestApp;
let t: TestApp;
let standIn: StripeStandIn;

beforeAll(async () => {
  w = await openStripeTestApp();
  ({ t, standIn } = w);
});
afterAll(() => closeStripeTestApp(w));

const db = () => t.deps.database.db;
const newOrder = (options: { sellerReady?: boolean } = {}) => stripeOrder(w, options);

describe('a signed payment_intent.succeeded', () => {
  it('is answered at once, then pays the order through the job queue', async () => {
    const { order, intent, seller } = await newOrder();
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
    expect(to(w.buyer.email)).toEqual([expect.stringMatching(/^Your order \w+ is confirmed$/)]);
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
    const { order, intent, accountId, partId } = await newOrder({ sellerReady: true });
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
          amount: '5250', // 55.00 less the Free plan's 5% of the items and shipping (50.00)
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

describe('repeated and late deliveries', () => {
  it('the same event delivered twice is processed once', async () => {
    const { order, intent } = await newOrder();
    standIn.succeed(intent.id);
    const event = standIn.event('payment_intent.succeeded', standIn.intents.get(intent.id)!);
    const jobsBefore = (await eventJobs(t)).length;
    for (const res of [await deliver(t, standIn, event), await deliver(t, standIn, event)]) {
      expect(res.statusCode).toBe(200);
    }
    expect(await eventJobs(t)).toHaveLength(jobsBefore + 1);
    await t.runJobs();
    expect((await deliver(t, standIn, event)).statusCode).toBe(200); // after it was handled
    expect(await eventJobs(t)).toHaveLength(jobsBefore + 1);
    const charges = await db()
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.orderId, order._id));
    expect(charges).toHaveLength(1);
  });

  it('a failed attempt shows Stripe’s reason; a failure arriving after the payment changes nothing', async () => {
    const { order, intent } = await newOrder();
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
    const { seller, intent, accountId, partId } = await newOrder();
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
    const failedJobs = (await eventJobs(t)).filter((j) => j.status !== 'done');
    expect(failedJobs).toEqual([]);
  });
});
