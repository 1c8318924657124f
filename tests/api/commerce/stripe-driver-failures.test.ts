import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createStripeDriver,
  type StripeDriver,
} from '../../../src/server/adapters/payments/stripe';
import { PaymentProviderError } from '../../../src/server/adapters/payments/types';
import { loadEnv } from '../../../src/server/config/env';
import { stripeDriverFor } from '../../../src/server/composition/runtime';
import { startStripeStandIn, type StripeStandIn } from '../../helpers/stripe-stand-in';

/**
 * The Stripe driver when things go wrong (Stripe's errors, the network, a reused key), its webhook
 * signature check, and how it is built from the environment — against the local stand-in.
 */
let standIn: StripeStandIn;
let driver: StripeDriver;

beforeAll(async () => {
  standIn = await startStripeStandIn();
  driver = standIn.driver();
});
afterAll(() => standIn?.close());

describe('errors', () => {
  const failure = async (promise: Promise<unknown>) => {
    const err = await promise.then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(PaymentProviderError);
    return err as PaymentProviderError;
  };

  it("are PaymentProviderErrors: Stripe's side, rate limits and the network are retryable", async () => {
    standIn.failNext(/^\/v1\/transfers$/, 500);
    const serverError = await failure(
      driver.createTransfer({
        amountMinor: 100,
        currency: 'usd',
        destination: 'acct_x',
        transferGroup: 'g',
        sourceTransaction: null,
        metadata: {},
        idempotencyKey: 'transfer:e1',
      }),
    );
    expect(serverError.retryable).toBe(true);
    expect(serverError.message).toMatch(/^Stripe could not pay out to the seller: /);

    standIn.failNext(/^\/v1\/refunds$/, 429, 'rate_limit');
    const limited = await failure(
      driver.createRefund({
        paymentIntentId: 'pi_x',
        amountMinor: 100,
        metadata: {},
        idempotencyKey: 'refund:e2',
      }),
    );
    expect(limited.retryable).toBe(true);

    const closed = await startStripeStandIn();
    const unreachable = closed.driver();
    await closed.close();
    const network = await failure(unreachable.retrieveAccount('acct_x'));
    expect(network.retryable).toBe(true);
  });

  it('a refused request is not retryable, with what Stripe said', async () => {
    const unknown = await failure(driver.retrievePaymentIntent('pi_unknown'));
    expect(unknown.retryable).toBe(false);
    expect(unknown.message).toBe(
      "Stripe could not read the payment: No such payment_intent: 'pi_unknown' (resource_missing)",
    );
    // Reusing a key with other parameters is Stripe's idempotency error: a bug, never retried.
    const intent = (amountMinor: number) =>
      driver.createPaymentIntent({
        amountMinor,
        currency: 'usd',
        transferGroup: 'order_reused',
        metadata: { orderId: 'reused' },
        idempotencyKey: 'pi:reused',
      });
    await intent(2599);
    const reused = await failure(intent(1234));
    expect(reused.retryable).toBe(false);
  });
});

describe('webhook signatures', () => {
  const secret = 'whsec_test_signing_secret';
  const event = () =>
    standIn.event('payment_intent.succeeded', { id: 'pi_1', object: 'payment_intent' });

  it('returns the event when the Stripe-Signature matches the raw body', () => {
    const sent = event();
    const { payload, signature } = standIn.sign(sent, secret);
    expect(driver.verifyWebhook(Buffer.from(payload), signature, secret)).toEqual(sent);
  });

  it('throws on another secret, a changed body or a missing signature', () => {
    const { payload, signature } = standIn.sign(event(), secret);
    const tampered = Buffer.from(payload.replace('pi_1', 'pi_2'));
    expect(() => driver.verifyWebhook(Buffer.from(payload), signature, 'whsec_other')).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
    expect(() => driver.verifyWebhook(tampered, signature, secret)).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
    expect(() => driver.verifyWebhook(Buffer.from(payload), '', secret)).toThrow();
  });

  it('is independent of the API host (a driver for the real API verifies the same way)', () => {
    const real = createStripeDriver({ secretKey: 'sk_test_x', publishableKey: 'pk_test_x' });
    const { payload, signature } = standIn.sign(event(), secret);
    expect(real.verifyWebhook(Buffer.from(payload), signature, secret).type).toBe(
      'payment_intent.succeeded',
    );
  });
});

describe('configuration', () => {
  it('builds the driver from STRIPE_SECRET_KEY (and STRIPE_API_URL when set), else none', async () => {
    expect(stripeDriverFor(loadEnv({}))).toBeNull();
    const configured = stripeDriverFor(
      loadEnv({
        STRIPE_SECRET_KEY: 'sk_test_configured',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_configured',
        STRIPE_WEBHOOK_SECRET: 'whsec_configured',
        STRIPE_API_URL: standIn.url,
      }),
    );
    expect(configured).toMatchObject({ provider: 'stripe', publishableKey: 'pk_test_configured' });
    const before = standIn.requests.length;
    const { id } = await configured!.createAccount({
      email: 'cfg@example.test',
      metadata: {},
      idempotencyKey: 'account:cfg',
    });
    expect(standIn.requests.slice(before)).toMatchObject([{ path: '/v1/accounts' }]);
    expect(standIn.accounts.has(id)).toBe(true);
  });
});
