import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../../src/shared/contracts/commerce';
import { createTestApp, type TestApp } from '../../helpers/app';
import { signedInUser } from '../../factories/accounts';
import { createTestOrder } from '../../factories/commerce';
import { get, paidBy, sellerWithPost, type Member } from './sales-helpers';

// GET /orders: a buyer's purchases (list and one by id), who may read them, order and paging.

let t: TestApp;
const statements: string[] = [];
let buyer: Member;
let other: Member;
let admin: Member;
/** The buyer's orders, oldest first. */
const placed: Order[] = [];

beforeAll(async () => {
  t = await createTestApp({}, {}, { onQuery: (sql) => statements.push(sql) });
  buyer = await signedInUser(t.deps, { accountType: 'buyer', name: 'Sam Buyer' });
  other = await signedInUser(t.deps, { accountType: 'buyer' });
  admin = await signedInUser(t.deps, { role: 'admin' });
  const a = await sellerWithPost(t, {
    title: 'Walnut stool',
    price: 40,
    shippingCost: 5,
    variations: [{ name: 'Finish', options: [{ name: 'Oiled', priceDelta: 2, stock: null }] }],
  });
  const b = await sellerWithPost(t, { title: 'Blue mug', price: 12.5, shippingCost: 0 });
  // Three orders a clock tick apart: one paid from two sellers, one paid, one left unpaid.
  placed.push(
    await paidBy(t, buyer, [
      { productId: a.post._id, amount: 2, selectedVariations: { Finish: 'Oiled' } },
      { productId: b.post._id },
    ]),
  );
  t.advanceTime(1000);
  placed.push(await paidBy(t, buyer, [{ productId: b.post._id }]));
  t.advanceTime(1000);
  placed.push(await createTestOrder(t, buyer.user.id, [{ productId: b.post._id }]));
  await paidBy(t, other, [{ productId: b.post._id }]);
});
afterAll(() => t?.close());

const ids = (orders: Order[]) => orders.map((o) => o._id);

describe('GET /orders (list)', () => {
  it('lists my orders newest first by default, with their count', async () => {
    const res = await get(t, buyer, '/orders');
    expect(res.statusCode).toBe(200);
    const body = res.json<{ orders: Order[]; recordsCount: number }>();
    expect(body.recordsCount).toBe(3);
    expect(ids(body.orders)).toEqual(ids([...placed].reverse()));
  });

  it('flips to oldest first with sort=1, and back with sort=-1', async () => {
    const up = (await get(t, buyer, '/orders?sort=1')).json<{ orders: Order[] }>();
    expect(ids(up.orders)).toEqual(ids(placed));
    const down = (await get(t, buyer, '/orders?sort=-1')).json<{ orders: Order[] }>();
    expect(ids(down.orders)).toEqual(ids([...placed].reverse()));
  });

  it('pages with page and limit; recordsCount counts every match', async () => {
    const first = (await get(t, buyer, '/orders?limit=2&sort=1')).json();
    const second = (await get(t, buyer, '/orders?limit=2&page=2&sort=1')).json();
    expect(first.recordsCount).toBe(3);
    expect(ids(first.orders)).toEqual(ids(placed.slice(0, 2)));
    expect(ids(second.orders)).toEqual(ids(placed.slice(2)));
  });

  it('filters by status', async () => {
    const pending = (await get(t, buyer, '/orders?status=pending')).json();
    expect(pending.recordsCount).toBe(1);
    expect(pending.orders[0]._id).toBe(placed[2]!._id);
    const paid = (await get(t, buyer, '/orders?status=paid')).json();
    expect(ids(paid.orders)).toEqual([placed[1]!._id, placed[0]!._id]);
  });

  it('shows each order with its items, per-seller parts and totals', async () => {
    const { orders } = (await get(t, buyer, '/orders?sort=1')).json<{ orders: Order[] }>();
    const order = orders[0]!;
    expect(order).toMatchObject({
      status: 'paid',
      currency: 'USD',
      // 2 × 42 + 12.50 = 96.50; shipping 2 × 5 = 10; tax 10% of 106.50 = 10.65
      subtotal: 96.5,
      shipping: 10,
      tax: 10.65,
      grandTotal: 117.15,
      shippingAddress: { name: 'Sam Buyer', country: 'US' },
    });
    expect(order.transactions).toHaveLength(2);
    const stool = order.transactions
      .flatMap((p) => p.items)
      .find((i) => i.title === 'Walnut stool');
    expect(stool).toMatchObject({ amount: 2, price: 42, selectedVariations: { Finish: 'Oiled' } });
    for (const part of order.transactions) {
      expect(part).toMatchObject({ status: 'paid', trackingUrl: null, buyerFeedbackGiven: false });
      expect(part.shipBy).not.toBeNull();
    }
    const parts = order.transactions.reduce((sum, p) => sum + Math.round(p.total * 100), 0);
    expect(parts).toBe(11715);
  });

  it('reads the same with my own userId; another member’s userId is refused with nothing leaked', async () => {
    const mine = await get(t, buyer, `/orders?userId=${buyer.user.id}`);
    expect(mine.json().recordsCount).toBe(3);
    const theirs = await get(t, other, `/orders?userId=${buyer.user.id}`);
    expect(theirs.statusCode).toBe(403);
    expect(theirs.json()).toMatchObject({ code: 'NOT_OWNER' });
    expect(theirs.body).not.toContain(placed[0]!._id);
    expect(theirs.body).not.toContain('Walnut');
  });

  it('lets admins read any member’s orders', async () => {
    const res = await get(t, admin, `/orders?userId=${buyer.user.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().recordsCount).toBe(3);
  });

  it('loads a page of orders in a fixed number of queries (no N+1)', async () => {
    const queriesFor = async (url: string) => {
      statements.length = 0;
      expect((await get(t, buyer, url)).statusCode).toBe(200);
      return statements.length;
    };
    // Session, count, page, then the parts of every order on it: transactions, items, feedback,
    // return requests.
    expect(await queriesFor('/orders?limit=3')).toBe(7);
    expect(await queriesFor('/orders?limit=1')).toBe(7);
  });

  it('refuses bad queries with a message and anonymous callers with 401', async () => {
    for (const q of ['sort=2', 'page=0', 'limit=101', 'status=lost', 'userId=nope']) {
      const res = await get(t, buyer, `/orders?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().message, q).toEqual(expect.any(String));
    }
    expect((await get(t, null, '/orders')).statusCode).toBe(401);
  });
});

describe('GET /orders?id=', () => {
  it('answers my order as {order}', async () => {
    const res = await get(t, buyer, `/orders?id=${placed[0]!._id}`);
    expect(res.statusCode).toBe(200);
    const { order } = res.json<{ order: Order }>();
    expect(order._id).toBe(placed[0]!._id);
    expect(order.transactions).toHaveLength(2);
  });

  it('answers 404 for another member’s order, as for an unknown one', async () => {
    const res = await get(t, other, `/orders?id=${placed[0]!._id}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'ORDER_NOT_FOUND' });
    expect(res.body).not.toContain('Walnut');
    const unknown = await get(t, buyer, '/orders?id=00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(res.json().message);
  });

  it('lets admins read any order', async () => {
    const res = await get(t, admin, `/orders?id=${placed[0]!._id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().order._id).toBe(placed[0]!._id);
  });
});
