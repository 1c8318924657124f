import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries } from '../../../src/server/db/schema';
import { createTestApp, type TestApp } from '../../helpers/app';
import { signedInUser } from '../../factories/accounts';
import { createProduct } from '../../factories/catalog';
import { createTestAddress, createTestOrder, readTestOrder } from '../../factories/commerce';
import { setUserStatus } from '../../factories/notifications';
import { refused, send, stockOf, VISA } from '../commerce/checkout-support';
import {
  closeStripeTestApp,
  deliver,
  openStripeTestApp,
  stripeOrder,
  type StripeTestApp,
} from '../commerce/stripe-support';

/**
 * Issue 23 "money edges" (docs/decisions/052), each as the probe found it: a buyer paid for a post
 * deleted after ordering (the seller got a sale of a post that no longer exists); an unpaid order
 * held the last item for 30 minutes with no way to let it go; one account could hold items it
 * never paid for, order after order.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
}, 180_000);
afterAll(() => t?.close());

/** Maya's Lamp (stock 3), ordered once by Sam, who has an address and an intent to pay with. */
async function orderedLamp() {
  const maya = await signedInUser(t.deps, { accountType: 'seller', name: 'Maya' });
  const sam = await signedInUser(t.deps, { accountType: 'buyer', name: 'Sam' });
  const lamp = await createProduct(t, maya.user, { title: 'Lamp', price: 10, stock: 3 });
  const order = await createTestOrder(t, sam.user.id, [{ productId: lamp._id }]);
  return { maya, sam, lamp, order };
}

const startIntent = async (auth: Record<string, string>, orderId: string) => {
  const res = await send(t, auth, 'POST', '/payment-intent', { orderId });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ paymentIntentId: string }>().paymentIntentId;
};

describe('paying for an item that is no longer for sale', () => {
  const changes = {
    'deleted by its seller': async (maya: { auth: Record<string, string> }, lampId: string) => {
      const res = await send(t, maya.auth, 'DELETE', `/products?id=${lampId}`);
      expect(res.statusCode, res.body).toBe(200);
    },
    'made a draft': async (maya: { auth: Record<string, string> }, lampId: string) => {
      const res = await send(t, maya.auth, 'PATCH', '/products/status', {
        id: lampId,
        status: 'draft',
      });
      expect(res.statusCode, res.body).toBe(200);
    },
    archived: async (maya: { auth: Record<string, string> }, lampId: string) => {
      const res = await send(t, maya.auth, 'PATCH', '/products/status', {
        id: lampId,
        status: 'archived',
      });
      expect(res.statusCode, res.body).toBe(200);
    },
  };

  for (const [change, apply] of Object.entries(changes)) {
    it(`is refused at the card confirmation when the post was ${change}; the order is cancelled and its stock released`, async () => {
      const { maya, sam, lamp, order } = await orderedLamp();
      const intentId = await startIntent(sam.auth, order._id);
      await apply(maya, lamp._id);
      const res = await send(t, sam.auth, 'POST', '/payments/local/confirm', {
        paymentIntentId: intentId,
        card: VISA,
      });
      const body = refused(res, 409, 'ORDER_ITEM_UNAVAILABLE');
      expect(body.message).toMatch(
        /“Lamp” is no longer for sale\..*cancelled.*nothing was charged/,
      );
      const after = await readTestOrder(t, order._id);
      expect(after.status).toBe('cancelled');
      expect(after.transactions.map((p) => p.status)).toEqual(['cancelled']);
      expect(
        await t.deps.database.db
          .select()
          .from(ledgerEntries)
          .where(eq(ledgerEntries.orderId, order._id)),
      ).toEqual([]);
      if (change !== 'deleted by its seller') expect(await stockOf(t, lamp._id)).toBe(3);
    });
  }

  it('is refused when the payment starts after the seller was suspended; the hold is released', async () => {
    const { maya, sam, lamp, order } = await orderedLamp();
    expect(await stockOf(t, lamp._id)).toBe(2);
    await setUserStatus(t, maya.user.id, 'suspended');
    const res = await send(t, sam.auth, 'POST', '/payment-intent', { orderId: order._id });
    refused(res, 409, 'ORDER_ITEM_UNAVAILABLE');
    expect((await readTestOrder(t, order._id)).status).toBe('cancelled');
    expect(await stockOf(t, lamp._id)).toBe(3);
    // Asked again: the order is cancelled, not payable.
    refused(
      await send(t, sam.auth, 'POST', '/payment-intent', { orderId: order._id }),
      409,
      'ORDER_NOT_PAYABLE',
    );
  });
});

describe('an unpaid order’s hold', () => {
  it('can be let go by its buyer: the last unit is back on sale at once', async () => {
    const maya = await signedInUser(t.deps, { accountType: 'seller' });
    const sam = await signedInUser(t.deps, { accountType: 'buyer' });
    const last = await createProduct(t, maya.user, { title: 'Last chair', stock: 1 });
    const order = await createTestOrder(t, sam.user.id, [{ productId: last._id }]);
    expect(await stockOf(t, last._id)).toBe(0);
    const res = await send(t, sam.auth, 'POST', '/orders/cancel', { id: order._id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ order: { status: string } }>().order.status).toBe('cancelled');
    expect(await stockOf(t, last._id)).toBe(1);
  });

  it('is limited to 3 unpaid orders per account: a fourth is refused, naming the open ones', async () => {
    const maya = await signedInUser(t.deps, { accountType: 'seller' });
    const hoarder = await signedInUser(t.deps, { accountType: 'buyer' });
    const address = await createTestAddress(t, hoarder.user.id);
    const post = await createProduct(t, maya.user, { title: 'Rare print', stock: 10 });
    const place = () =>
      send(t, hoarder.auth, 'POST', '/orders', {
        items: [{ _id: post._id, amount: 1, selectedVariations: {} }],
        shippingAddressId: address.id,
      });
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await place();
      expect(res.statusCode, res.body).toBe(201);
      ids.push(res.json<{ order: { _id: string } }>().order._id);
    }
    const body = refused(await place(), 409, 'TOO_MANY_UNPAID_ORDERS');
    for (const id of ids) expect(body.message).toContain(id.slice(0, 8).toUpperCase());
    expect(await stockOf(t, post._id)).toBe(7);
  });
});

describe('a Stripe payment that succeeds for an order whose post was deleted', () => {
  let w: StripeTestApp;
  beforeAll(async () => {
    w = await openStripeTestApp();
  }, 180_000);
  afterAll(() => closeStripeTestApp(w));

  it('is refunded in full, and no sale is made', async () => {
    const { seller, order, intent, partId } = await stripeOrder(w);
    const [post] = order.transactions[0]!.items;
    const del = await send(w.t, seller.auth, 'DELETE', `/products?id=${post!.productId}`);
    expect(del.statusCode, del.body).toBe(200);
    // The buyer pays with the Payment Element they already had open.
    w.standIn.succeed(intent.id);
    const event = w.standIn.event('payment_intent.succeeded', w.standIn.intents.get(intent.id)!);
    expect((await deliver(w.t, w.standIn, event)).statusCode).toBe(200);
    await w.t.runJobs();
    await w.t.runJobs();
    const after = await readTestOrder(w.t, order._id);
    expect(after.status).toBe('cancelled');
    expect(after.paidAt).toBeNull();
    expect(after.transactions[0]).toMatchObject({ _id: partId, status: 'cancelled' });
    const refunds = w.standIn.calls('POST', '/v1/refunds');
    expect(refunds.map((r) => r.body)).toContainEqual(
      expect.objectContaining({ payment_intent: intent.id }),
    );
    const sales = await send(w.t, seller.auth, 'GET', '/transactions');
    expect(sales.json<{ recordsCount: number }>().recordsCount).toBe(0);
  });
});
