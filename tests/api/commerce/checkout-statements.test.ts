import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commerceApi } from '../../../src/shared/api/commerce';
import { createTestApp, type TestApp } from '../../helpers/app';
import { signedInUser } from '../../factories/accounts';
import { createProduct } from '../../factories/catalog';
import { createTestAddress } from '../../factories/commerce';
import { typedCalls, VISA } from './checkout-support';

/**
 * The SQL of one whole checkout (docs/decisions/047, 052): the posts' rows are locked only by the
 * conditional stock UPDATE, the order's last statement before its commit; the order's rows are
 * one insert per table whatever the cart; paying reads the order once.
 */
let t: TestApp;
const api = typedCalls(() => t);
const statements: string[] = [];

beforeAll(async () => {
  t = await createTestApp({}, {}, { onQuery: (sql) => statements.push(sql) });
});
afterAll(() => t?.close());

/**
 * The statements `call` ran (the access check of the request included), without begin and commit:
 * PostgreSQL's driver reports them, PGlite's does not.
 */
async function recorded(call: () => Promise<void>): Promise<string[]> {
  statements.length = 0;
  await call();
  return statements.filter((s) => !/^(begin|commit)$/i.test(s.trim()));
}
const count = (list: string[], pattern: RegExp) => list.filter((s) => pattern.test(s)).length;

describe('a checkout’s statements', () => {
  it('places an order of two sellers with reads first, one insert per table and the stock last', async () => {
    const maya = await signedInUser(t.deps, { accountType: 'seller' });
    const leo = await signedInUser(t.deps, { accountType: 'seller' });
    const buyer = await signedInUser(t.deps, { accountType: 'buyer' });
    const address = await createTestAddress(t, buyer.user.id);
    const lamp = await createProduct(t, maya.user, { stock: 5 });
    const mug = await createProduct(t, maya.user, { stock: 5 });
    const chair = await createProduct(t, leo.user, { stock: 5 });
    let orderId = '';
    const placing = await recorded(async () => {
      const { order } = await api.call(buyer.auth, commerceApi.createOrder, {
        body: {
          items: [lamp, mug, chair].map((p) => ({ _id: p._id, amount: 2, selectedVariations: {} })),
          shippingAddressId: address.id,
        },
      });
      expect(api.status()).toBe(201);
      orderId = order._id;
    });
    expect(count(placing, /for update/i)).toBe(0);
    // The unpaid orders limit (ADR 052) locks the buyer's row only, never a post's.
    const buyerLocks = placing.filter((s) => /for no key update/i.test(s));
    expect(buyerLocks).toHaveLength(1);
    expect(buyerLocks[0]).toMatch(/from "users"/);
    expect(count(placing, /^insert into "orders"/)).toBe(1);
    expect(count(placing, /^insert into "transactions"/)).toBe(1);
    expect(count(placing, /^insert into "order_items"/)).toBe(1);
    // One conditional UPDATE per post, and nothing after them: the rows are locked to the commit only.
    const stockUpdates = placing.filter((s) => /^update "products"/.test(s));
    expect(stockUpdates).toHaveLength(3);
    expect(placing.slice(-3)).toEqual(stockUpdates);
    for (const s of stockUpdates) expect(s).toMatch(/stock >= \$\d+/);

    let intentId = '';
    const starting = await recorded(async () => {
      const intent = await api.call(buyer.auth, commerceApi.createPaymentIntent, {
        body: { orderId },
      });
      expect(api.status()).toBe(200);
      intentId = intent.paymentIntentId;
    });
    expect(count(starting, /from "orders"/)).toBe(1);

    const paying = await recorded(async () => {
      await api.call(buyer.auth, commerceApi.confirmLocalPayment, {
        body: { paymentIntentId: intentId, card: VISA },
      });
      expect(api.status()).toBe(200);
    });
    expect(count(paying, /from "orders"/)).toBe(1);
    expect(count(paying, /savepoint/i)).toBe(0);
    // The buyer's mail, each seller's mail and each part's ship-by deadline: one insert, its
    // "once per order" check included (no read of the queue before it).
    expect(count(paying, /^\s*insert into "jobs"/)).toBe(1);
    expect(count(paying, /^select .* from "jobs"/)).toBe(0);
  });

  it('answers a repeated idempotency key with reads alone: no lock, no write (ADR 077)', async () => {
    const maya = await signedInUser(t.deps, { accountType: 'seller' });
    const buyer = await signedInUser(t.deps, { accountType: 'buyer' });
    const address = await createTestAddress(t, buyer.user.id);
    const lamp = await createProduct(t, maya.user, { stock: 5 });
    const body = {
      items: [{ _id: lamp._id, amount: 1, selectedVariations: {} }],
      shippingAddressId: address.id,
      idempotencyKey: 'statements-test-key',
    };
    const first = await api.call(buyer.auth, commerceApi.createOrder, { body });
    const repeat = await recorded(async () => {
      expect(await api.call(buyer.auth, commerceApi.createOrder, { body })).toEqual(first);
      expect(api.status()).toBe(201);
    });
    expect(repeat.filter((s) => !/^select /i.test(s.trim()))).toEqual([]);
    expect(count(repeat, /for (no key )?update/i)).toBe(0);
    expect(count(repeat, /"idempotency_key" = \$\d/)).toBe(1);
    // The key's order and its parts, nothing priced: no post is read.
    expect(count(repeat, /from "products"/)).toBe(0);
  });
});
