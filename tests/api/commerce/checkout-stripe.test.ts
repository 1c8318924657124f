import { describe, expect, it } from 'vitest';
import type { PaymentsDriver } from '../../../src/server/adapters/payments/types';
import { commerceApi } from '../../../src/shared/api/commerce';
import { createTestApp } from '../../helpers/app';
import { readTestOrder } from '../../factories/commerce';
import { VISA, refusedCall, typedCalls, unpaidOrder } from './checkout-support';

/**
 * With Stripe configured (deps.payments set), POST /payment-intent goes to the Stripe driver (here
 * a stand-in that records what it is asked) and the embedded card form is refused.
 */

describe('with Stripe configured', () => {
  /** A stand-in for the Stripe driver that records what it was asked. */
  function recordingStripe() {
    const created: Parameters<PaymentsDriver['createPaymentIntent']>[0][] = [];
    const driver = {
      provider: 'stripe',
      publishableKey: 'pk_test_checkout',
      async createPaymentIntent(input) {
        created.push(input);
        return {
          id: 'pi_stripe_1',
          clientSecret: 'pi_stripe_1_secret_x',
          status: 'requires_payment_method',
          amountMinor: input.amountMinor,
          currency: input.currency.toLowerCase(),
          metadata: input.metadata,
          chargeId: null,
        };
      },
      async retrievePaymentIntent(id) {
        return {
          id,
          clientSecret: `${id}_secret_x`,
          status: 'requires_payment_method',
          amountMinor: created[0]!.amountMinor,
          currency: 'usd',
          metadata: {},
          chargeId: null,
        };
      },
    } as Partial<PaymentsDriver> as PaymentsDriver;
    return { driver, created };
  }

  it('starts a Stripe payment intent (idempotency key pi:{orderId}) and refuses the embedded card form', async () => {
    const stripe = recordingStripe();
    const app = await createTestApp({ payments: stripe.driver });
    try {
      const { sam, order } = await unpaidOrder(app);
      expect(order.paymentProvider).toBe('stripe');
      const api = typedCalls(() => app);
      const intent = { body: { orderId: order._id } };
      expect(await api.call(sam.auth, commerceApi.createPaymentIntent, intent)).toEqual({
        provider: 'stripe',
        clientSecret: 'pi_stripe_1_secret_x',
        paymentIntentId: 'pi_stripe_1',
        amount: 13.2,
        currency: 'USD',
        publishableKey: 'pk_test_checkout',
      });
      expect(api.status()).toBe(200);
      expect(stripe.created).toEqual([
        {
          amountMinor: 1320,
          currency: 'USD',
          transferGroup: `order_${order._id}`,
          // Each seller's part's credit (seller:source:post:link): this cart carried none.
          metadata: {
            orderId: order._id,
            buyerId: sam.user.id,
            attribution: `${order.transactions[0]!.seller.username}:direct::`,
          },
          idempotencyKey: `pi:${order._id}`,
        },
      ]);
      // A second call reads the stored intent back instead of creating one.
      expect(
        (await api.call(sam.auth, commerceApi.createPaymentIntent, intent)).paymentIntentId,
      ).toBe('pi_stripe_1');
      expect(stripe.created).toHaveLength(1);

      const card = api.call(sam.auth, commerceApi.confirmLocalPayment, {
        body: { paymentIntentId: 'pi_stripe_1', card: VISA },
      });
      expect((await refusedCall(card, 409, 'WRONG_PAYMENT_PROVIDER')).message).toMatch(/Stripe/);
      expect((await readTestOrder(app, order._id)).status).toBe('pending');
    } finally {
      await app.close();
    }
  });
});
