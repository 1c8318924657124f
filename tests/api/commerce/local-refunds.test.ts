import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { localRefunds, orders } from '../../../src/server/db/schema';
import { localPayments } from '../../../src/server/modules/commerce';
import { createTestApp, type TestApp } from '../../helpers/app';
import { signedInUser } from '../../factories/accounts';
import { createProduct } from '../../factories/catalog';
import { createPaidOrder } from '../../factories/commerce';

// The embedded payment driver's refunds behave as Stripe's (docs/decisions/074): one idempotency
// key is one refund, and a payment's refunds never add up to more than was paid.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

async function paidIntent() {
  const seller = await signedInUser(t.deps, { accountType: 'seller' });
  const buyer = await signedInUser(t.deps, { accountType: 'buyer' });
  const post = await createProduct(t, seller.user, { price: 20, shippingCost: 0, stock: 3 });
  const order = await createPaidOrder(t, buyer.user.id, [{ productId: post._id, amount: 1 }]);
  const [row] = await t.deps.database.db.select().from(orders).where(eq(orders.id, order._id));
  return { intentId: row!.paymentIntentId!, paidMinor: Math.round(order.grandTotal * 100) };
}

const refund = (paymentIntentId: string, amountMinor: number, key: string) =>
  localPayments(t.moduleDeps()).createRefund({
    paymentIntentId,
    amountMinor,
    metadata: { reason: 'test' },
    idempotencyKey: key,
  });

describe('the embedded driver’s refunds', () => {
  it('answers a retried key with the refund it made, and refunds it once', async () => {
    const { intentId } = await paidIntent();
    const first = await refund(intentId, 500, 'refund:retry');
    const again = await refund(intentId, 500, 'refund:retry');
    expect(again.id).toBe(first.id);
    const rows = await t.deps.database.db
      .select()
      .from(localRefunds)
      .where(eq(localRefunds.paymentIntentId, intentId));
    expect(rows.map((r) => [r.id, r.amountMinor])).toEqual([[first.id, 500]]);
  });

  it('never refunds more than was paid, however the refunds are split', async () => {
    const { intentId, paidMinor } = await paidIntent();
    await refund(intentId, paidMinor - 100, 'refund:most');
    await expect(refund(intentId, 101, 'refund:over')).rejects.toMatchObject({
      kind: 'conflict',
      message: 'This refund is more than what is left of the payment to refund.',
    });
    // Two at once for what is left: the payment's lock decides them one after the other.
    const both = await Promise.allSettled([
      refund(intentId, 100, 'refund:a'),
      refund(intentId, 100, 'refund:b'),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const rows = await t.deps.database.db
      .select()
      .from(localRefunds)
      .where(eq(localRefunds.paymentIntentId, intentId));
    expect(rows.reduce((sum, r) => sum + r.amountMinor, 0)).toBe(paidMinor);
  });
});
