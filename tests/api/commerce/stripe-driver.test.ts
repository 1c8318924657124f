import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SELLER_ACCOUNT_CONTROLLER,
  type StripeDriver,
} from '../../../src/server/adapters/payments/stripe';
import { startStripeStandIn, type StripeStandIn } from '../../helpers/stripe-stand-in';

/**
 * The Stripe driver against a local stand-in of Stripe's API (the SDK's host, port and protocol
 * settings): the exact requests it sends — parameters and idempotency keys — and how it reads
 * Stripe's answers and errors.
 */
let standIn: StripeStandIn;
let driver: StripeDriver;

beforeAll(async () => {
  standIn = await startStripeStandIn();
  driver = standIn.driver();
});
afterAll(() => standIn?.close());

const last = (method: string, path: string | RegExp) => standIn.calls(method, path).at(-1)!;

const newIntent = (orderId: string, amountMinor = 2599) =>
  driver.createPaymentIntent({
    amountMinor,
    currency: 'USD',
    transferGroup: `order_${orderId}`,
    metadata: { orderId },
    idempotencyKey: `intent:${orderId}`,
  });

describe('payment intents', () => {
  it("creates one for the buyer's whole order, with its transfer group and key", async () => {
    const intent = await newIntent('order-1');
    expect(last('POST', '/v1/payment_intents')).toEqual({
      method: 'POST',
      path: '/v1/payment_intents',
      body: {
        amount: '2599',
        currency: 'usd',
        transfer_group: 'order_order-1',
        metadata: { orderId: 'order-1' },
        automatic_payment_methods: { enabled: 'true' },
      },
      idempotencyKey: 'intent:order-1',
      stripeAccount: null,
    });
    expect(intent).toEqual({
      id: expect.stringMatching(/^pi_/),
      clientSecret: expect.stringMatching(new RegExp(`^${intent.id}_secret_`)),
      status: 'requires_payment_method',
      amountMinor: 2599,
      currency: 'usd',
      metadata: { orderId: 'order-1' },
      chargeId: null,
      lastPaymentError: null,
    });
    // The same key (a double submit, a retried call) gets the same intent back.
    const again = await newIntent('order-1');
    expect(again.id).toBe(intent.id);
    expect(standIn.intents.size).toBe(1);
  });

  it('reads the charge that paid it and the last failure', async () => {
    const intent = await newIntent('order-2');
    standIn.fail(intent.id, 'Your card has insufficient funds.', 'insufficient_funds');
    expect(await driver.retrievePaymentIntent(intent.id)).toMatchObject({
      status: 'requires_payment_method',
      chargeId: null,
      lastPaymentError: 'Your card has insufficient funds.',
    });
    expect(last('GET', `/v1/payment_intents/${intent.id}`).body).toEqual({});
    const paid = standIn.succeed(intent.id);
    expect(await driver.retrievePaymentIntent(intent.id)).toMatchObject({
      status: 'succeeded',
      chargeId: paid.latest_charge,
      lastPaymentError: null,
    });
  });

  it('cancels an unpaid one, and answers a paid one unchanged', async () => {
    const unpaid = await newIntent('order-3');
    const cancelled = await driver.cancelPaymentIntent(unpaid.id, 'cancel:order-3');
    expect(cancelled.status).toBe('canceled');
    expect(last('POST', `/v1/payment_intents/${unpaid.id}/cancel`)).toMatchObject({
      idempotencyKey: 'cancel:order-3',
      stripeAccount: null,
    });

    const paid = await newIntent('order-4');
    standIn.succeed(paid.id);
    const answer = await driver.cancelPaymentIntent(paid.id, 'cancel:order-4');
    expect(answer).toMatchObject({ id: paid.id, status: 'succeeded' });
    expect(standIn.intents.get(paid.id)!.status).toBe('succeeded');
  });
});

describe('money to sellers and back to buyers', () => {
  it("transfers a seller's share to their connected account, linked to the charge", async () => {
    const intent = await newIntent('order-5');
    const charge = String(standIn.succeed(intent.id).latest_charge);
    const account = await driver.createAccount({
      email: 'maya@example.test',
      metadata: { userId: 'u-maya' },
      idempotencyKey: 'account:u-maya',
    });
    const transfer = await driver.createTransfer({
      amountMinor: 1500,
      currency: 'USD',
      destination: account.id,
      transferGroup: 'order_order-5',
      sourceTransaction: charge,
      metadata: { orderId: 'order-5', transactionId: 't-1' },
      idempotencyKey: 'transfer:t-1',
    });
    expect(transfer.id).toMatch(/^tr_/);
    expect(last('POST', '/v1/transfers')).toEqual({
      method: 'POST',
      path: '/v1/transfers',
      body: {
        amount: '1500',
        currency: 'usd',
        destination: account.id,
        transfer_group: 'order_order-5',
        source_transaction: charge,
        metadata: { orderId: 'order-5', transactionId: 't-1' },
      },
      idempotencyKey: 'transfer:t-1',
      stripeAccount: null,
    });
  });

  it('refunds part of a payment with its key', async () => {
    const intent = await newIntent('order-6', 5000);
    standIn.succeed(intent.id);
    const refund = await driver.createRefund({
      paymentIntentId: intent.id,
      amountMinor: 1200,
      metadata: { orderId: 'order-6', transactionId: 't-2' },
      idempotencyKey: 'refund:t-2',
    });
    expect(refund.id).toMatch(/^re_/);
    expect(last('POST', '/v1/refunds')).toMatchObject({
      body: {
        payment_intent: intent.id,
        amount: '1200',
        metadata: { orderId: 'order-6', transactionId: 't-2' },
      },
      idempotencyKey: 'refund:t-2',
    });
    // Retried with its key: Stripe answers the first refund, nothing is refunded twice.
    const again = await driver.createRefund({
      paymentIntentId: intent.id,
      amountMinor: 1200,
      metadata: { orderId: 'order-6', transactionId: 't-2' },
      idempotencyKey: 'refund:t-2',
    });
    expect(again.id).toBe(refund.id);
  });
});

describe('payout accounts (seller onboarding)', () => {
  it('creates a connected account with controller properties and the transfers capability', async () => {
    const account = await driver.createAccount({
      email: 'leo@example.test',
      metadata: { userId: 'u-leo' },
      idempotencyKey: 'account:u-leo',
    });
    expect(account.id).toMatch(/^acct_/);
    expect(last('POST', '/v1/accounts')).toEqual({
      method: 'POST',
      path: '/v1/accounts',
      body: {
        email: 'leo@example.test',
        metadata: { userId: 'u-leo' },
        controller: {
          fees: { payer: 'application' },
          losses: { payments: 'application' },
          requirement_collection: 'stripe',
          stripe_dashboard: { type: 'express' },
        },
        capabilities: { transfers: { requested: 'true' } },
      },
      idempotencyKey: 'account:u-leo',
      stripeAccount: null,
    });
    expect(SELLER_ACCOUNT_CONTROLLER.stripe_dashboard.type).toBe('express');
  });

  it('makes a fresh onboarding link each time, and reads the onboarding state', async () => {
    const { id } = await driver.createAccount({
      email: 'ana@example.test',
      metadata: {},
      idempotencyKey: 'account:u-ana',
    });
    const input = {
      accountId: id,
      refreshUrl: 'http://localhost:3000/onboarding-failure',
      returnUrl: 'http://localhost:3000/onboarding-success',
      type: 'account_onboarding' as const,
    };
    const first = await driver.createAccountLink(input);
    const second = await driver.createAccountLink(input);
    expect(first.url).toMatch(new RegExp(`^https://connect\\.stripe\\.com/setup/e/${id}/`));
    expect(second.url).not.toBe(first.url);
    const links = standIn.calls('POST', '/v1/account_links').slice(-2);
    for (const link of links) {
      expect(link.body).toEqual({
        account: id,
        refresh_url: 'http://localhost:3000/onboarding-failure',
        return_url: 'http://localhost:3000/onboarding-success',
        type: 'account_onboarding',
      });
      expect(link.idempotencyKey).toMatch(new RegExp(`^account-link:${id}:`));
    }
    expect(links[0]!.idempotencyKey).not.toBe(links[1]!.idempotencyKey);

    expect(await driver.retrieveAccount(id)).toEqual({
      id,
      detailsSubmitted: false,
      payoutsEnabled: false,
    });
    standIn.updateAccount(id, { details_submitted: true, payouts_enabled: true });
    expect(await driver.retrieveAccount(id)).toEqual({
      id,
      detailsSubmitted: true,
      payoutsEnabled: true,
    });
    expect(last('GET', `/v1/accounts/${id}`).stripeAccount).toBeNull();
  });
});

describe('every call', () => {
  it('sends an idempotency key with every POST, all on the platform account', () => {
    const posts = standIn.requests.filter((r) => r.method === 'POST');
    expect(new Set(posts.map((r) => r.path.replace(/(pi|acct)_\w+/, ':id')))).toEqual(
      new Set([
        '/v1/payment_intents',
        '/v1/payment_intents/:id/cancel',
        '/v1/transfers',
        '/v1/refunds',
        '/v1/accounts',
        '/v1/account_links',
      ]),
    );
    for (const post of posts) expect(post.idempotencyKey, post.path).toBeTruthy();
    expect(standIn.requests.every((r) => r.stripeAccount === null)).toBe(true);
  });
});
