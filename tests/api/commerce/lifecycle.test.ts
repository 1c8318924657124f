import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ledgerEntries, orders, products, transactions } from '../../../src/server/db/schema';
import {
  cancelTransaction,
  confirmLocalIntent,
  localPayments,
  markOrderPaid,
} from '../../../src/server/modules/commerce';
import { createTestApp, type TestApp } from '../../helpers/app';
import { signedInUser } from '../../factories/accounts';
import { createProduct } from '../../factories/catalog';
import { createPaidOrder, createTestOrder, readTestOrder } from '../../factories/commerce';

// The order lifecycle under the API: stock taken and given back (with options that keep their
// own stock), payment recorded once, a payment that arrives after expiry refunded, cancellation.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const db = () => t.deps.database.db;
const stockOf = async (id: string) => {
  const [row] = await db().select().from(products).where(eq(products.id, id));
  return {
    stock: row!.stock,
    options: row!.variations.flatMap((v) => v.options.map((o) => o.stock)),
  };
};
const ledger = (orderId: string) =>
  db().select().from(ledgerEntries).where(eq(ledgerEntries.orderId, orderId));

async function cast() {
  const seller = await signedInUser(t.deps);
  const buyer = await signedInUser(t.deps);
  return { seller: { id: seller.user.id, role: 'user' as const }, buyer: buyer.user };
}

describe('order lifecycle', () => {
  it('prices options and takes stock from the post and from options that keep their own', async () => {
    const { seller, buyer } = await cast();
    const post = await createProduct(t, seller, {
      price: 20,
      shippingCost: 2,
      stock: 10,
      variations: [
        {
          name: 'Size',
          options: [
            { name: 'S', priceDelta: 0, stock: 3 },
            { name: 'L', priceDelta: 5, stock: null },
          ],
        },
      ],
    });
    const order = await createTestOrder(t, buyer.id, [
      { productId: post._id, amount: 2, selectedVariations: { Size: 'S' } },
      { productId: post._id, amount: 1, selectedVariations: { Size: 'L' } },
    ]);
    expect(order.transactions[0]!.items.map((i) => i.price).sort()).toEqual([20, 25]);
    expect(order.subtotal).toBe(65);
    expect(order.shipping).toBe(6);
    expect(order.tax).toBe(7.1);
    expect(order.grandTotal).toBe(78.1);
    expect(await stockOf(post._id)).toEqual({ stock: 7, options: [1, null] });

    // Not paid in time: the stock comes back and the order is cancelled.
    t.advanceTime(31 * 60_000);
    await t.runJobs();
    expect(await stockOf(post._id)).toEqual({ stock: 10, options: [3, null] });
    expect((await readTestOrder(t, order._id)).status).toBe('cancelled');
  });

  it('records a payment once, however often it is reported', async () => {
    const { seller, buyer } = await cast();
    const post = await createProduct(t, seller, { price: 10, stock: 5 });
    const order = await createPaidOrder(t, buyer.id, [{ productId: post._id, amount: 1 }]);
    expect(order.status).toBe('paid');
    expect(order.transactions[0]).toMatchObject({ status: 'paid', payoutStatus: 'held' });
    const [row] = await db().select().from(orders).where(eq(orders.id, order._id));
    const again = await markOrderPaid(t.moduleDeps(), {
      orderId: order._id,
      paymentIntentId: row!.paymentIntentId!,
      amountMinor: row!.grandTotalMinor,
    });
    expect(again).toBe('already_paid');
    expect((await ledger(order._id)).map((e) => e.kind)).toEqual(['charge']);
    const mails = (await t.outbox()).filter((m) =>
      m.subject.includes(order._id.slice(0, 8).toUpperCase()),
    );
    expect(mails.map((m) => m.subject).sort()).toEqual([
      `New sale: order ${order._id.slice(0, 8).toUpperCase()}`,
      `Your order ${order._id.slice(0, 8).toUpperCase()} is confirmed`,
    ]);
  });

  it('refunds in full a payment that arrives after its order expired', async () => {
    const { seller, buyer } = await cast();
    const post = await createProduct(t, seller, { price: 10, stock: 5 });
    const order = await createTestOrder(t, buyer.id, [{ productId: post._id, amount: 1 }]);
    const deps = t.moduleDeps();
    const intent = await localPayments(deps).createPaymentIntent({
      amountMinor: 1100,
      currency: 'USD',
      transferGroup: `order_${order._id}`,
      metadata: {},
      idempotencyKey: `k:${order._id}`,
    });
    // Expired before the (slow) payment is reported; the intent was not linked to the order yet.
    t.advanceTime(31 * 60_000);
    await t.runJobs();
    await confirmLocalIntent(deps, intent.id, {
      number: '4242424242424242',
      expMonth: 12,
      expYear: 2040,
      cvc: '123',
    });
    expect(
      await markOrderPaid(t.moduleDeps(), {
        orderId: order._id,
        paymentIntentId: intent.id,
        amountMinor: 1100,
      }),
    ).toBe('refunding_late_payment');
    await t.runJobs();
    expect((await ledger(order._id)).map((e) => [e.kind, e.amountMinor]).sort()).toEqual([
      ['charge', 1100],
      ['refund', 1100],
    ]);
    expect((await readTestOrder(t, order._id)).status).toBe('cancelled');
  });

  it('cancels a paid part: stock back, refunded once, both told; a shipped part cannot be cancelled', async () => {
    const { seller, buyer } = await cast();
    const post = await createProduct(t, seller, { price: 10, stock: 2 });
    const order = await createPaidOrder(t, buyer.id, [{ productId: post._id, amount: 2 }]);
    const part = order.transactions[0]!;
    expect((await stockOf(post._id)).stock).toBe(0);
    await cancelTransaction(t.moduleDeps(), part._id, 'Broke in the kiln');
    await cancelTransaction(t.moduleDeps(), part._id, 'again');
    await t.runJobs();
    expect((await stockOf(post._id)).stock).toBe(2);
    const after = await readTestOrder(t, order._id);
    expect(after.status).toBe('cancelled');
    expect(after.transactions[0]).toMatchObject({
      status: 'cancelled',
      payoutStatus: 'refunded',
      cancelReason: 'Broke in the kiln',
    });
    expect((await ledger(order._id)).filter((e) => e.kind === 'refund')).toHaveLength(1);
    const cancelled = (await t.outbox()).filter(
      (m) => m.subject.startsWith('Cancelled:') && m.text.includes('Broke in the kiln'),
    );
    expect(cancelled).toHaveLength(2);

    const other = await createPaidOrder(t, buyer.id, [{ productId: post._id, amount: 1 }]);
    await db()
      .update(transactions)
      .set({ status: 'shipped' })
      .where(eq(transactions.id, other.transactions[0]!._id));
    await expect(
      cancelTransaction(t.moduleDeps(), other.transactions[0]!._id, ''),
    ).rejects.toMatchObject({
      code: 'SALE_NOT_CANCELLABLE',
    });
  });
});
