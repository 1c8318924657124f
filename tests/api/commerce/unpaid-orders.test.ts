import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMERCE_LIMITS } from '../../../src/shared/contracts/commerce-rules';
import { createTestApp, type TestApp } from '../../helpers/app';
import { signedInUser } from '../../factories/accounts';
import { createProduct } from '../../factories/catalog';
import {
  createPaidOrder,
  createTestAddress,
  createTestOrder,
  readTestOrder,
} from '../../factories/commerce';
import { freshAuth, ledgerOf, refused, send, stockOf, VISA } from './checkout-support';

/**
 * The rules of unpaid orders (docs/decisions/052): the buyer cancels one (POST /orders/cancel),
 * at most three are open at once, and one whose item stopped being for sale is never paid.
 * The findings as the probe saw them: tests/api/security/money-edges.test.ts.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
}, 180_000);
afterAll(() => t?.close());

async function people() {
  const maya = await signedInUser(t.deps, { accountType: 'seller', name: 'Maya' });
  const sam = await signedInUser(t.deps, { accountType: 'buyer', name: 'Sam' });
  const lamp = await createProduct(t, maya.user, { title: 'Lamp', price: 10, stock: 5 });
  return { maya, sam, lamp };
}

describe('POST /orders/cancel', () => {
  it("cancels the buyer's unpaid order and every part, and releases all its stock", async () => {
    const { maya, sam, lamp } = await people();
    const mug = await createProduct(t, maya.user, { title: 'Mug', stock: 4 });
    const order = await createTestOrder(t, sam.user.id, [
      { productId: lamp._id, amount: 2 },
      { productId: mug._id, amount: 3 },
    ]);
    expect([await stockOf(t, lamp._id), await stockOf(t, mug._id)]).toEqual([3, 1]);
    // A started payment is cancelled with it: it can't be confirmed afterwards.
    const intent = await send(t, sam.auth, 'POST', '/payment-intent', { orderId: order._id });
    const res = await send(t, sam.auth, 'POST', '/orders/cancel', { id: order._id });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{
      order: { status: string; transactions: { cancelReason: string }[] };
    }>();
    expect(body.order.status).toBe('cancelled');
    expect(body.order.transactions.map((p) => p.cancelReason)).toEqual(['Cancelled by the buyer.']);
    expect([await stockOf(t, lamp._id), await stockOf(t, mug._id)]).toEqual([5, 4]);
    const unpayable = refused(
      await send(t, sam.auth, 'POST', '/payments/local/confirm', {
        paymentIntentId: intent.json<{ paymentIntentId: string }>().paymentIntentId,
        card: VISA,
      }),
      409,
      'ORDER_NOT_PAYABLE',
    );
    expect(unpayable.message).toBe(
      'This order was cancelled, so its items were released. Place the order again from your cart.',
    );
    expect(await ledgerOf(t, order._id)).toEqual([]);
    // Asked again: the same answer, and no stock is given back twice.
    const again = await send(t, sam.auth, 'POST', '/orders/cancel', { id: order._id });
    expect(again.statusCode, again.body).toBe(200);
    expect(await stockOf(t, lamp._id)).toBe(5);
  });

  it("answers 404 for another member's order and changes nothing", async () => {
    const { lamp, sam } = await people();
    const order = await createTestOrder(t, sam.user.id, [{ productId: lamp._id }]);
    const stranger = await signedInUser(t.deps, { accountType: 'buyer' });
    refused(
      await send(t, stranger.auth, 'POST', '/orders/cancel', { id: order._id }),
      404,
      'ORDER_NOT_FOUND',
    );
    expect((await readTestOrder(t, order._id)).status).toBe('pending');
    expect(await stockOf(t, lamp._id)).toBe(4);
  });

  it('refuses a paid order with a message saying what to do instead', async () => {
    const { lamp, sam } = await people();
    const order = await createPaidOrder(t, sam.user.id, [{ productId: lamp._id }]);
    const body = refused(
      await send(t, sam.auth, 'POST', '/orders/cancel', { id: order._id }),
      409,
      'ORDER_NOT_CANCELLABLE',
    );
    expect(body.message).toMatch(/paid.*Ask the seller/);
    expect((await readTestOrder(t, order._id)).status).toBe('paid');
  });

  it('refuses a visitor (401) and an id that is not one (400)', async () => {
    expect(
      (await send(t, null, 'POST', '/orders/cancel', { id: crypto.randomUUID() })).statusCode,
    ).toBe(401);
    const { sam } = await people();
    expect((await send(t, sam.auth, 'POST', '/orders/cancel', { id: 'nope' })).statusCode).toBe(
      400,
    );
  });
});

describe('the unpaid orders limit', () => {
  it('counts only open orders: a cancelled, a paid or an expired one frees a place', async () => {
    const { maya, sam } = await people();
    const post = await createProduct(t, maya.user, { title: 'Print', stock: 50 });
    const address = await createTestAddress(t, sam.user.id);
    const place = async () =>
      send(t, sam.auth, 'POST', '/orders', {
        items: [{ _id: post._id, amount: 1, selectedVariations: {} }],
        shippingAddressId: address.id,
      });
    const ids: string[] = [];
    for (let i = 0; i < COMMERCE_LIMITS.unpaidOrdersMax; i++) {
      const res = await place();
      expect(res.statusCode, res.body).toBe(201);
      ids.push(res.json<{ order: { _id: string } }>().order._id);
    }
    const body = refused(await place(), 409, 'TOO_MANY_UNPAID_ORDERS');
    expect(body.message).toMatch(/already have 3 unpaid orders: .*Pay or cancel one of them/);
    expect(await stockOf(t, post._id)).toBe(47);

    await send(t, sam.auth, 'POST', '/orders/cancel', { id: ids[0] });
    expect((await place()).statusCode).toBe(201);
    refused(await place(), 409, 'TOO_MANY_UNPAID_ORDERS');

    // Past their hold (their expiry job not run yet) they no longer count.
    t.advanceTime((COMMERCE_LIMITS.holdMinutes + 1) * 60_000);
    const later = await freshAuth(t, sam.user);
    const res = await send(t, later, 'POST', '/orders', {
      items: [{ _id: post._id, amount: 1, selectedVariations: {} }],
      shippingAddressId: address.id,
    });
    expect(res.statusCode, res.body).toBe(201);
  });

  it('is per member: another buyer orders as usual', async () => {
    const { maya } = await people();
    const post = await createProduct(t, maya.user, { title: 'Card', stock: 50 });
    const other = await signedInUser(t.deps, { accountType: 'buyer' });
    for (let i = 0; i < COMMERCE_LIMITS.unpaidOrdersMax; i++)
      await createTestOrder(t, other.user.id, [{ productId: post._id }]);
    const fresh = await signedInUser(t.deps, { accountType: 'buyer' });
    const address = await createTestAddress(t, fresh.user.id);
    const res = await send(t, fresh.auth, 'POST', '/orders', {
      items: [{ _id: post._id, amount: 1, selectedVariations: {} }],
      shippingAddressId: address.id,
    });
    expect(res.statusCode, res.body).toBe(201);
  });
});

describe('an order whose item is gone', () => {
  it('can still be paid when every item is for sale (the check lets it through)', async () => {
    const { lamp, sam } = await people();
    const order = await createTestOrder(t, sam.user.id, [{ productId: lamp._id }]);
    const intent = await send(t, sam.auth, 'POST', '/payment-intent', { orderId: order._id });
    const res = await send(t, sam.auth, 'POST', '/payments/local/confirm', {
      paymentIntentId: intent.json<{ paymentIntentId: string }>().paymentIntentId,
      card: VISA,
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('releases the other items of the order too (a second seller’s part)', async () => {
    const { maya, lamp, sam } = await people();
    const leo = await signedInUser(t.deps, { accountType: 'seller', name: 'Leo' });
    const chair = await createProduct(t, leo.user, { title: 'Chair', stock: 2 });
    const order = await createTestOrder(t, sam.user.id, [
      { productId: lamp._id },
      { productId: chair._id },
    ]);
    await send(t, maya.auth, 'PATCH', '/products/status', { id: lamp._id, status: 'archived' });
    const body = refused(
      await send(t, sam.auth, 'POST', '/payment-intent', { orderId: order._id }),
      409,
      'ORDER_ITEM_UNAVAILABLE',
    );
    expect(body.message).toContain('“Lamp” is no longer for sale.');
    const after = await readTestOrder(t, order._id);
    expect(after.transactions.map((p) => p.status)).toEqual(['cancelled', 'cancelled']);
    expect([await stockOf(t, lamp._id), await stockOf(t, chair._id)]).toEqual([5, 2]);
  });
});
