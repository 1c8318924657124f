import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, paymentIntents } from '../../../src/server/db/schema';
import { commerceApi } from '../../../src/shared/api/commerce';
import type { CardInput } from '../../../src/shared/card';
import type { localConfirmRequest } from '../../../src/shared/contracts/commerce';
import type { z } from 'zod';
import { createTestApp, type TestApp } from '../../helpers/app';
import { signedInUser } from '../../factories/accounts';
import { createPaidOrder, readTestOrder } from '../../factories/commerce';
import {
  DECLINED,
  NO_FUNDS,
  VISA,
  freshAuth,
  ledgerOf,
  refusedCall,
  stockOf,
  unchanged,
  unpaidOrder,
  typedCalls,
  type Auth,
} from './checkout-support';

let t: TestApp;
const api = typedCalls(() => t);
type LocalConfirmRequest = z.input<typeof localConfirmRequest>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const startPayment = (auth: Auth, orderId: string) =>
  api.call(auth, commerceApi.createPaymentIntent, { body: { orderId } });
/** A card off the contract goes as a script would send it, past the client's types. */
const confirm = (auth: Auth, paymentIntentId: string, card: object = VISA) =>
  api.call(auth, commerceApi.confirmLocalPayment, {
    body: { paymentIntentId, card: card as CardInput },
  });

async function mailsTo(email: string, subject: RegExp) {
  return (await t.outbox()).filter((m) => m.to === email && subject.test(m.subject));
}

describe('POST /payment-intent', () => {
  it('creates the order’s payment intent once and answers the same one on every call', async () => {
    const { sam, order } = await unpaidOrder(t);
    const intent = await startPayment(sam.auth, order._id);
    expect(api.status()).toBe(200);
    expect(intent).toMatchObject({
      provider: 'local',
      amount: 13.2,
      currency: 'USD',
      publishableKey: null,
    });
    expect(intent.paymentIntentId).toMatch(/^pi_local_/);
    expect(intent.clientSecret).toMatch(new RegExp(`^${intent.paymentIntentId}_secret_`));

    expect(await startPayment(sam.auth, order._id)).toEqual(intent);
    const rows = await t.deps.database.db
      .select()
      .from(paymentIntents)
      .where(eq(paymentIntents.idempotencyKey, `pi:${order._id}`));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: intent.paymentIntentId,
      amountMinor: 1320,
      transferGroup: `order_${order._id}`,
      metadata: { orderId: order._id, buyerId: sam.user.id },
      status: 'requires_payment_method',
    });
    const [row] = await t.deps.database.db.select().from(orders).where(eq(orders.id, order._id));
    expect(row!.paymentIntentId).toBe(intent.paymentIntentId);
  });

  it('answers 404 for another member’s or an unknown order, nothing created', async () => {
    const { order } = await unpaidOrder(t);
    const leo = await signedInUser(t.deps);
    await unchanged(t, [], async () => {
      for (const id of [order._id, '00000000-0000-4000-8000-000000000000']) {
        const res = startPayment(leo.auth, id);
        expect((await refusedCall(res, 404, 'ORDER_NOT_FOUND')).message).toBe(
          'This order could not be found.',
        );
      }
      await refusedCall(startPayment(leo.auth, 'nope'), 400, 'VALIDATION_ERROR');
    });
  });

  it('answers 409 ALREADY_PAID for a paid order', async () => {
    const { sam, lamp } = await unpaidOrder(t);
    const paid = await createPaidOrder(t, sam.user.id, [{ productId: lamp._id }]);
    await unchanged(t, [], async () => {
      const res = startPayment(sam.auth, paid._id);
      expect((await refusedCall(res, 409, 'ALREADY_PAID')).message).toBe(
        'This order is already paid.',
      );
    });
  });

  it('answers 409 ORDER_NOT_PAYABLE once the hold is over, even before the expiry job ran', async () => {
    const { sam, order } = await unpaidOrder(t);
    t.advanceTime(31 * 60_000);
    try {
      const auth = await freshAuth(t, sam.user);
      await unchanged(t, [], async () => {
        const res = startPayment(auth, order._id);
        expect((await refusedCall(res, 409, 'ORDER_NOT_PAYABLE')).message).toBe(
          'This order expired before it was paid, so its items were released. Place the order again from your cart.',
        );
      });
    } finally {
      await t.runJobs();
    }
  });
});

describe('POST /payments/local/confirm', () => {
  it('pays the order with 4242…: paid, one charge, mails to the buyer and the seller', async () => {
    const { maya, sam, order } = await unpaidOrder(t);
    const { paymentIntentId } = await startPayment(sam.auth, order._id);
    expect(await confirm(sam.auth, paymentIntentId)).toEqual({
      status: 'succeeded',
      orderId: order._id,
    });
    expect(api.status()).toBe(200);

    const paid = await readTestOrder(t, order._id);
    expect(paid.status).toBe('paid');
    expect(paid.transactions.map((p) => [p.status, p.payoutStatus])).toEqual([['paid', 'held']]);
    const ledger = await ledgerOf(t, order._id);
    expect(ledger).toMatchObject([
      { kind: 'charge', amountMinor: 1320, providerRef: paymentIntentId },
    ]);
    expect(await mailsTo(sam.user.email, /is confirmed/)).toHaveLength(1);
    expect(await mailsTo(maya.user.email, /^New sale/)).toHaveLength(1);

    // A double submit: the same answer, nothing charged or mailed twice.
    expect(await confirm(sam.auth, paymentIntentId)).toEqual({
      status: 'succeeded',
      orderId: order._id,
    });
    expect(api.status()).toBe(200);
    api.statuses();
    await Promise.all([confirm(sam.auth, paymentIntentId), confirm(sam.auth, paymentIntentId)]);
    expect(api.statuses()).toEqual([200, 200]);
    expect(await ledgerOf(t, order._id)).toHaveLength(1);
    expect(await mailsTo(sam.user.email, /is confirmed/)).toHaveLength(1);
    expect(await mailsTo(maya.user.email, /^New sale/)).toHaveLength(1);
    // And asking to pay it again is refused.
    await refusedCall(startPayment(sam.auth, order._id), 409, 'ALREADY_PAID');
  });

  it('records a decline on the order (402 with Stripe’s code), then takes a good card', async () => {
    const { sam, order } = await unpaidOrder(t);
    const { paymentIntentId } = await startPayment(sam.auth, order._id);
    const declined = confirm(sam.auth, paymentIntentId, DECLINED);
    expect((await refusedCall(declined, 402, 'card_declined')).message).toBe(
      'Your card was declined.',
    );
    let stored = await readTestOrder(t, order._id);
    expect(stored).toMatchObject({
      status: 'payment_failed',
      paymentError: 'Your card was declined.',
    });

    const poor = confirm(sam.auth, paymentIntentId, NO_FUNDS);
    expect((await refusedCall(poor, 402, 'insufficient_funds')).message).toBe(
      'Your card has insufficient funds.',
    );
    stored = await readTestOrder(t, order._id);
    expect(stored.paymentError).toBe('Your card has insufficient funds.');
    expect(await ledgerOf(t, order._id)).toEqual([]);

    // The same intent is offered again, and a good card pays it.
    expect((await startPayment(sam.auth, order._id)).paymentIntentId).toBe(paymentIntentId);
    await confirm(sam.auth, paymentIntentId);
    expect(api.status()).toBe(200);
    stored = await readTestOrder(t, order._id);
    expect(stored).toMatchObject({ status: 'paid', paymentError: null });
  });

  it('refuses a malformed card by the field (400 CARD_INVALID), nothing changed', async () => {
    const { sam, order } = await unpaidOrder(t);
    const { paymentIntentId } = await startPayment(sam.auth, order._id);
    await unchanged(t, [], async () => {
      const res = confirm(sam.auth, paymentIntentId, {
        number: '4242 4242 4242 4241',
        expMonth: 13,
        expYear: 2020,
        cvc: '1',
      });
      const body = await refusedCall(res, 400, 'CARD_INVALID');
      expect(body.message).toBe('Your card number is invalid.');
      const fields = (body.details as { path: string[] }[]).map((d) => d.path.join('.'));
      expect(fields).toEqual(['card.number', 'card.expiry', 'card.cvc']);
      const cardless = { body: { paymentIntentId } as LocalConfirmRequest };
      await refusedCall(
        api.call(sam.auth, commerceApi.confirmLocalPayment, cardless),
        400,
        'VALIDATION_ERROR',
      );
    });
  });

  it('answers 404 PAYMENT_NOT_FOUND for another member’s or an unknown payment', async () => {
    const { sam, order } = await unpaidOrder(t);
    const { paymentIntentId } = await startPayment(sam.auth, order._id);
    const leo = await signedInUser(t.deps);
    await unchanged(t, [], async () => {
      for (const id of [paymentIntentId, 'pi_local_nothing']) {
        const res = confirm(leo.auth, id);
        expect((await refusedCall(res, 404, 'PAYMENT_NOT_FOUND')).message).toMatch(
          /could not be found/,
        );
      }
    });
    expect((await readTestOrder(t, order._id)).status).toBe('pending');
  });

  it('limits card attempts per member (card testing): the 11th in 10 minutes is 429', async () => {
    const { sam, order } = await unpaidOrder(t);
    const { paymentIntentId } = await startPayment(sam.auth, order._id);
    for (let i = 0; i < 10; i++)
      await expect(confirm(sam.auth, paymentIntentId, DECLINED)).rejects.toMatchObject({
        status: 402,
      });
    await unchanged(t, [], async () => {
      const res = confirm(sam.auth, paymentIntentId, VISA);
      expect((await refusedCall(res, 429, 'RATE_LIMITED')).message).toMatch(
        /^Too many attempts\. Please wait \d+ minutes and try again\.$/,
      );
    });
    expect((await readTestOrder(t, order._id)).status).toBe('payment_failed');
  });
});

describe('an unpaid order after its hold (commerce.expire-order)', () => {
  it('is cancelled with its stock back, and can no longer be paid', async () => {
    const { sam, lamp, order } = await unpaidOrder(t);
    const { paymentIntentId } = await startPayment(sam.auth, order._id);
    expect(await stockOf(t, lamp._id)).toBe(2);
    // Not yet: the job waits for the deadline.
    await t.runJobs();
    expect((await readTestOrder(t, order._id)).status).toBe('pending');

    t.advanceTime(31 * 60_000);
    await t.runJobs();
    const auth = await freshAuth(t, sam.user);
    const expired = await readTestOrder(t, order._id);
    expect(expired.status).toBe('cancelled');
    expect(expired.transactions.map((p) => p.status)).toEqual(['cancelled']);
    expect(await stockOf(t, lamp._id)).toBe(3);

    await unchanged(t, [lamp._id], async () => {
      await refusedCall(startPayment(auth, order._id), 409, 'ORDER_NOT_PAYABLE');
      const res = confirm(auth, paymentIntentId);
      expect((await refusedCall(res, 409, 'ORDER_NOT_PAYABLE')).message).toMatch(
        /Place the order again/,
      );
    });
    expect(await ledgerOf(t, order._id)).toEqual([]);
  });
});
