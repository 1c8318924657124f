import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Transaction } from '../../../src/shared/contracts/commerce';
import { createTestApp, type TestApp } from '../../helpers/app';
import { signedInUser } from '../../factories/accounts';
import { createTestOrder, markTestShipped } from '../../factories/commerce';
import { createProduct } from '../../factories/catalog';
import { get, paidBy, sellerWithPost, type Member } from './sales-helpers';

// GET /transactions: a seller's sales (list and one by id), who may read them, order and paging.

let t: TestApp;
const statements: string[] = [];
let seller: Member;
let otherSeller: Member;
let buyer: Member;
let admin: Member;
/** The seller's paid sales, oldest first. */
const sales: string[] = [];
let otherSale: string;
let unpaidSale: string;

beforeAll(async () => {
  t = await createTestApp({}, {}, { onQuery: (sql) => statements.push(sql) });
  const a = await sellerWithPost(t, { title: 'Walnut stool', stock: 20 });
  seller = a.seller;
  const b = await sellerWithPost(t, { title: 'Blue mug', stock: 20 });
  otherSeller = b.seller;
  buyer = await signedInUser(t.deps, { accountType: 'buyer', name: 'Sam Buyer' });
  admin = await signedInUser(t.deps, { role: 'admin' });
  // One order from both sellers, then two more of the seller's, a clock tick apart.
  const both = await paidBy(t, buyer, [{ productId: a.post._id }, { productId: b.post._id }]);
  sales.push(both.transactions.find((p) => p.seller._id === seller.user.id)!._id);
  otherSale = both.transactions.find((p) => p.seller._id === otherSeller.user.id)!._id;
  for (let i = 0; i < 2; i++) {
    t.advanceTime(1000);
    const order = await paidBy(t, buyer, [{ productId: a.post._id }]);
    sales.push(order.transactions[0]!._id);
  }
  await markTestShipped(t, sales[1]!);
  // A checkout never paid is not a sale.
  t.advanceTime(1000);
  const unpaid = await createTestOrder(t, buyer.user.id, [{ productId: a.post._id }]);
  unpaidSale = unpaid.transactions[0]!._id;
});
afterAll(() => t?.close());

const ids = (list: Transaction[]) => list.map((s) => s._id);

describe('GET /transactions (list)', () => {
  it('lists my paid sales newest first, with their count; unpaid checkouts are not sales', async () => {
    const res = await get(t, seller, '/transactions');
    expect(res.statusCode).toBe(200);
    const body = res.json<{ transactions: Transaction[]; recordsCount: number }>();
    expect(body.recordsCount).toBe(3);
    expect(ids(body.transactions)).toEqual([...sales].reverse());
    expect(ids(body.transactions)).not.toContain(unpaidSale);
    expect(ids(body.transactions)).not.toContain(otherSale);
  });

  it('shows each sale with its buyer, items, address, totals, deadline and payout', async () => {
    const { transactions } = (await get(t, seller, '/transactions?sort=1')).json();
    const sale: Transaction = transactions[0];
    expect(sale).toMatchObject({
      _id: sales[0],
      status: 'paid',
      buyer: { _id: buyer.user.id, name: 'Sam Buyer' },
      seller: { _id: seller.user.id },
      items: [{ title: 'Walnut stool', amount: 1, price: 20 }],
      subtotal: 20,
      shipping: 5,
      shippingAddress: { name: 'Sam Buyer', line1: '1 Main Street', country: 'US' },
      payoutStatus: 'held',
      payoutHeldReason: 'Paid out when you mark it shipped.',
    });
    expect(sale.shipBy).not.toBeNull();
    expect(sale.paidAt).not.toBeNull();
  });

  it('flips with sort, pages, and filters by status', async () => {
    const up = (await get(t, seller, '/transactions?sort=1')).json();
    expect(ids(up.transactions)).toEqual(sales);
    const page2 = (await get(t, seller, '/transactions?sort=1&limit=2&page=2')).json();
    expect(page2.recordsCount).toBe(3);
    expect(ids(page2.transactions)).toEqual([sales[2]]);
    const shipped = (await get(t, seller, '/transactions?status=shipped')).json();
    expect(ids(shipped.transactions)).toEqual([sales[1]]);
    const toShip = (await get(t, seller, '/transactions?status=paid')).json();
    expect(ids(toShip.transactions)).toEqual([sales[2], sales[0]]);
    const cancelled = (await get(t, seller, '/transactions?status=cancelled')).json();
    expect(cancelled).toEqual({ transactions: [], recordsCount: 0 });
  });

  it('refuses another member’s sales by userId with nothing leaked; admins may read them', async () => {
    const res = await get(t, otherSeller, `/transactions?userId=${seller.user.id}`);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'NOT_OWNER' });
    expect(res.body).not.toContain(sales[0]!);
    expect(res.body).not.toContain('Walnut');
    const asAdmin = await get(t, admin, `/transactions?userId=${seller.user.id}`);
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json().recordsCount).toBe(3);
  });

  it('lists nothing for a member who sold nothing (a buyer)', async () => {
    const res = await get(t, buyer, '/transactions');
    expect(res.json()).toEqual({ transactions: [], recordsCount: 0 });
  });

  it('loads a page of sales in a fixed number of queries (no N+1)', async () => {
    const queriesFor = async (url: string) => {
      statements.length = 0;
      expect((await get(t, seller, url)).statusCode).toBe(200);
      return statements.length;
    };
    // Session, count, page, then orders, items, feedback and return requests of every sale on it.
    expect(await queriesFor('/transactions?limit=3')).toBe(7);
    expect(await queriesFor('/transactions?limit=1')).toBe(7);
  });
});

describe('GET /transactions?id=', () => {
  it('answers my sale as {transaction}', async () => {
    const res = await get(t, seller, `/transactions?id=${sales[1]}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().transaction).toMatchObject({
      _id: sales[1],
      status: 'shipped',
      carrier: 'usps',
      trackingUrl: expect.stringContaining('usps.com'),
    });
  });

  it('answers 404 to another seller and to the buyer, as for an unknown sale', async () => {
    for (const who of [otherSeller, buyer]) {
      const res = await get(t, who, `/transactions?id=${sales[0]}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'SALE_NOT_FOUND' });
      expect(res.body).not.toContain('Main Street');
    }
    const unknown = await get(t, seller, '/transactions?id=00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
  });

  it('hides an unpaid checkout (and its buyer’s address) from the seller; admins see it', async () => {
    expect((await get(t, seller, `/transactions?id=${unpaidSale}`)).statusCode).toBe(404);
    const asAdmin = await get(t, admin, `/transactions?id=${unpaidSale}`);
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json().transaction.status).toBe('pending');
  });

  it('keeps a sale readable after the post is deleted (copies of the line)', async () => {
    const solo = await signedInUser(t.deps, { accountType: 'seller' });
    const post = await createProduct(t, solo.user, { title: 'Teapot', price: 30, stock: 1 });
    const order = await paidBy(t, buyer, [{ productId: post._id }]);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/products?id=${post._id}`,
      headers: solo.auth,
    });
    expect(del.statusCode).toBe(200);
    const res = await get(t, solo, `/transactions?id=${order.transactions[0]!._id}`);
    expect(res.json().transaction.items[0]).toMatchObject({ title: 'Teapot', productId: null });
  });
});
