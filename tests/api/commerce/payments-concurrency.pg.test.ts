import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentIntents } from '../../../src/server/db/schema';
import { commerceApi } from '../../../src/shared/api/commerce';
import { createTestApp, type TestApp } from '../../helpers/app';
import { signedInUser } from '../../factories/accounts';
import { createProduct } from '../../factories/catalog';
import { createTestOrder, readTestOrder } from '../../factories/commerce';
import { VISA, ledgerOf, typedCalls } from './checkout-support';

/**
 * Real PostgreSQL only: a buyer's double (and tenfold) submit races on several connections. One
 * payment intent per order, one charge, one confirmation mail, whatever the number of clicks.
 */
let t: TestApp;
const api = typedCalls(() => t);
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('paying under concurrency (PostgreSQL)', () => {
  it('parallel payment starts share one intent; parallel confirmations charge once', async () => {
    const seller = await signedInUser(t.deps, { accountType: 'seller' });
    const buyer = await signedInUser(t.deps, { accountType: 'buyer' });
    const post = await createProduct(t, seller.user, { price: 25, shippingCost: 5 });
    const order = await createTestOrder(t, buyer.user.id, [{ productId: post._id }]);

    api.statuses();
    const starts = await Promise.all(
      Array.from({ length: 10 }, () =>
        api.call(buyer.auth, commerceApi.createPaymentIntent, { body: { orderId: order._id } }),
      ),
    );
    expect(api.statuses()).toEqual(Array(10).fill(200));
    const ids = new Set(starts.map((r) => r.paymentIntentId));
    expect(ids.size).toBe(1);
    const [paymentIntentId] = [...ids];
    const rows = await t.deps.database.db
      .select()
      .from(paymentIntents)
      .where(eq(paymentIntents.idempotencyKey, `pi:${order._id}`));
    expect(rows).toHaveLength(1);

    const confirms = await Promise.all(
      Array.from({ length: 10 }, () =>
        api.call(buyer.auth, commerceApi.confirmLocalPayment, {
          body: { paymentIntentId: paymentIntentId!, card: VISA },
        }),
      ),
    );
    expect(api.statuses()).toEqual(Array(10).fill(200));
    for (const r of confirms) expect(r).toEqual({ status: 'succeeded', orderId: order._id });
    expect((await readTestOrder(t, order._id)).status).toBe('paid');
    expect(await ledgerOf(t, order._id)).toMatchObject([{ kind: 'charge', amountMinor: 3300 }]);
    const confirmations = (await t.outbox()).filter(
      (m) => m.to === buyer.user.email && /is confirmed/.test(m.subject),
    );
    expect(confirmations).toHaveLength(1);
  });
});
