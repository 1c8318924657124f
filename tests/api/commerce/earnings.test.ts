import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/web/lib/api-client';
import { signedInUser } from '../../factories/accounts';
import { createTestOrder } from '../../factories/commerce';
import { createTestApp, type TestApp } from '../../helpers/app';
import { csvOf, earningsCalls } from './earnings-support';
import {
  cancel,
  get,
  paidBy,
  readyPayoutAccount,
  sellerWithPost,
  ship,
  type Member,
} from './sales-helpers';

// GET /sales/summary, GET /payouts and their CSVs (issue 26 §7, docs/decisions/072) over one
// seller's mix of sales: to ship, shipped and paid out, shipped and held for the payout setup,
// shipped with the transfer under way, cancelled and refunded; another seller's and an unpaid
// order never counted. A $30 post with $4 shipping, 10% tax, the Free plan's 5% fee: one unit is
// $37.40 paid, a $1.70 fee, $35.70 for the seller; two units $74.80, $3.40, $71.40.

let t: TestApp;
const statements: string[] = [];
const calls = earningsCalls(() => t);
let seller: Member;
let other: Member;
const sale = { toShip: '', paidOut: '', held: '', inTransfer: '', cancelled: '' };
let otherSale = '';

beforeAll(async () => {
  t = await createTestApp({}, {}, { onQuery: (sql) => statements.push(sql) });
  const a = await sellerWithPost(t, {
    title: 'Walnut stool',
    price: 30,
    shippingCost: 4,
    stock: 20,
  });
  seller = a.seller;
  const b = await sellerWithPost(t, { title: 'Blue mug', price: 11, shippingCost: 0, stock: 20 });
  other = b.seller;
  const buyer = await signedInUser(t.deps, { accountType: 'buyer', name: '=HYPERLINK("x")' });
  const buy = async (amount = 1) => {
    t.advanceTime(1000);
    return (await paidBy(t, buyer, [{ productId: a.post._id, amount }])).transactions[0]!._id;
  };
  sale.held = await buy();
  sale.paidOut = await buy(2);
  sale.cancelled = await buy();
  sale.toShip = await buy();
  sale.inTransfer = await buy();
  otherSale = (await paidBy(t, buyer, [{ productId: b.post._id }])).transactions[0]!._id;
  await createTestOrder(t, buyer.user.id, [{ productId: a.post._id }]); // never paid

  // Shipped before the payout setup: held for it (nothing releases it in this test).
  t.advanceTime(1000);
  expect((await ship(t, seller, sale.held)).statusCode).toBe(200);
  await t.runJobs(); // its payout job finds no payout setup
  await readyPayoutAccount(t, seller.user.id);
  t.advanceTime(1000);
  expect((await ship(t, seller, sale.paidOut)).statusCode).toBe(200);
  expect((await cancel(t, seller, sale.cancelled, 'Broke in the workshop')).statusCode).toBe(200);
  expect((await ship(t, other, otherSale)).statusCode).toBe(200);
  t.advanceTime(1000);
  await t.runJobs(); // the transfer and the refund are recorded
  t.advanceTime(1000);
  // Shipped last, its transfer job not run yet: on its way.
  expect((await ship(t, seller, sale.inTransfer)).statusCode).toBe(200);
});
afterAll(() => t?.close());

describe('GET /sales/summary', () => {
  it('totals the seller’s sales of the period to the cent', async () => {
    const summary = await calls.summary(seller, { period: 'all' });
    expect(summary).toEqual({
      period: { period: 'all', from: null, to: new Date(t.deps.now!()).toISOString().slice(0, 10) },
      currency: 'USD',
      salesCount: 5,
      // 4 × 37.40 + 74.80, the cancelled sale included: its buyer paid, then was refunded.
      gross: 224.4,
      // No fee is kept on the cancelled sale: 3 × 1.70 + 3.40.
      platformFees: 8.5,
      refunds: 37.4,
      net: 178.5,
      paidOut: 71.4,
      waiting: {
        total: 107.1,
        byRelease: [
          { releasesOn: 'shipment', amount: 35.7, salesCount: 1 },
          { releasesOn: 'payout_setup', amount: 35.7, salesCount: 1 },
          { releasesOn: 'transfer', amount: 35.7, salesCount: 1 },
        ],
      },
    });
    expect(summary.net).toBeCloseTo(summary.paidOut + summary.waiting.total, 10);
  });

  it('defaults to this month, and never counts another seller’s sales', async () => {
    const mine = await calls.summary(seller);
    expect(mine.period.period).toBe('this-month');
    expect(mine.gross).toBe(224.4);
    // 11 + 10% tax, less 5% of 11 (0.55); paid out at once (no payout setup: held).
    const theirs = await calls.summary(other, { period: 'all' });
    expect(theirs).toMatchObject({ salesCount: 1, gross: 12.1, platformFees: 0.55, net: 11.55 });
    expect(theirs.waiting.byRelease).toEqual([
      { releasesOn: 'payout_setup', amount: 11.55, salesCount: 1 },
    ]);
    // Naming another member changes nothing: the caller's own, always.
    const res = await get(t, other, `/sales/summary?period=all&userId=${seller.user.id}`);
    expect(res.json().gross).toBe(12.1);
  });

  it('counts a cancelled sale’s refund from the moment it is cancelled, before it is sent', async () => {
    const { seller: fresh, post } = await sellerWithPost(t, { price: 30, shippingCost: 4 });
    const buyer = await signedInUser(t.deps, { accountType: 'buyer' });
    const order = await paidBy(t, buyer, [{ productId: post._id }]);
    expect((await cancel(t, fresh, order.transactions[0]!._id)).statusCode).toBe(200);
    // The refund job has not run: the ledger has no refund yet, the buyer is owed the total.
    expect(await calls.summary(fresh)).toMatchObject({
      gross: 37.4,
      platformFees: 0,
      refunds: 37.4,
      net: 0,
      waiting: { total: 0, byRelease: [] },
    });
  });

  it('answers in one statement after the session check (no N+1)', async () => {
    statements.length = 0;
    await calls.summary(seller, { period: 'all' });
    expect(statements).toHaveLength(2);
  });

  it('refuses an end before the start, a date that does not exist and strangers', async () => {
    const refused = async (query: string) => {
      const res = await get(t, seller, `/sales/summary?${query}`);
      return { status: res.statusCode, message: res.json().message as string };
    };
    expect(await refused('from=2026-03-10&to=2026-03-01')).toMatchObject({
      status: 400,
      message: expect.stringContaining('The end date must be on or after the start date.'),
    });
    expect((await refused('from=2026-02-30')).status).toBe(400);
    expect((await refused('period=fortnight')).status).toBe(400);
    // A start after today with no end (today): said as a sentence, not a 500.
    expect(await refused('from=2999-01-01')).toMatchObject({ status: 400 });
    expect((await get(t, null, '/sales/summary')).statusCode).toBe(401);
    await expect(calls.summary(seller, { from: '2026-13-01' })).rejects.toBeInstanceOf(ApiError);
  });
});

describe('GET /payouts', () => {
  it('lists one payout per shipped sale, newest first, with its status and sale', async () => {
    const { payouts, recordsCount, period } = await calls.payouts(seller);
    expect(period.period).toBe('all');
    expect(recordsCount).toBe(3);
    expect(payouts.map((p) => [p.sales[0]!._id, p.status, p.amount])).toEqual([
      [sale.inTransfer, 'pending', 35.7],
      [sale.paidOut, 'paid', 71.4],
      [sale.held, 'held', 35.7],
    ]);
    const [, paid, held] = payouts;
    expect(paid).toMatchObject({
      _id: `transfer:${sale.paidOut}`,
      currency: 'USD',
      heldReason: null,
      reference: expect.stringMatching(/^tr_/),
      sales: [{ _id: sale.paidOut, href: `/sales/${sale.paidOut}` }],
    });
    expect(held).toMatchObject({
      reference: null,
      heldReason: 'Finish your payout setup to receive this money.',
    });
  });

  it('pages in two statements after the session check, and shows nobody else’s', async () => {
    statements.length = 0;
    const page = await calls.payouts(seller, { page: 2, limit: 2 });
    expect(statements).toHaveLength(3);
    expect(page.recordsCount).toBe(3);
    expect(page.payouts.map((p) => p.sales[0]!._id)).toEqual([sale.held]);
    const theirs = await calls.payouts(other);
    expect(theirs.payouts.map((p) => p.sales[0]!._id)).toEqual([otherSale]);
    expect((await get(t, null, '/payouts')).statusCode).toBe(401);
  });
});

describe('CSV exports', () => {
  it('downloads the period’s sales, one row each, with safe cells', async () => {
    const today = new Date(t.deps.now!()).toISOString().slice(0, 10);
    const { res, lines } = await csvOf(t, seller, '/sales/export?period=all');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="sales-all-to-${today}.csv"`,
    );
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(lines[0]).toBe(
      'sale_date,order_id,buyer,items,subtotal,discount_code,discount,shipping,tax,total,platform_fee,refunded,you_receive,currency,sale_status,payout_status,shipped_at',
    );
    expect(lines).toHaveLength(6);
    const orderOf = new Map(
      await Promise.all(
        Object.values(sale).map(async (id) => {
          const { transaction } = (await get(t, seller, `/transactions?id=${id}`)).json();
          return [id, transaction.orderId as string] as const;
        }),
      ),
    );
    const row = (id: string) => lines.slice(1).find((l) => l.includes(orderOf.get(id)!))!;
    // The buyer's name would be a formula: it starts with a ' (and is quoted for its quotes).
    expect(row(sale.paidOut)).toContain(
      `,${orderOf.get(sale.paidOut)},"'=HYPERLINK(""x"")",2 × Walnut stool,60.00,,0.00,8.00,6.80,74.80,3.40,0.00,71.40,USD,shipped,paid,`,
    );
    expect(row(sale.cancelled)).toContain(
      ',1 × Walnut stool,30.00,,0.00,4.00,3.40,37.40,0.00,37.40,0.00,USD,cancelled,refunded,',
    );
    expect(row(sale.toShip)).toMatch(/,37\.40,1\.70,0\.00,35\.70,USD,paid,held,$/);
  });

  it('downloads the payouts, oldest first, and a custom period names its dates', async () => {
    const { res, lines } = await csvOf(t, seller, '/payouts/export');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="payouts-all-to-/);
    expect(lines[0]).toBe('date,amount,currency,status,order_ids,sale_ids,reference');
    expect(lines.slice(1).map((l) => l.split(',').slice(1, 4).join(','))).toEqual([
      '35.70,USD,held',
      '71.40,USD,paid',
      '35.70,USD,pending',
    ]);
    const dated = await csvOf(t, seller, '/sales/export?from=2020-01-01&to=2020-01-31');
    expect(dated.res.headers['content-disposition']).toBe(
      'attachment; filename="sales-2020-01-01-to-2020-01-31.csv"',
    );
    expect(dated.lines).toHaveLength(1); // the header only
    expect((await csvOf(t, null, '/sales/export')).res.statusCode).toBe(401);
    expect(
      (await csvOf(t, seller, '/payouts/export?from=2020-02-01&to=2020-01-01')).res.statusCode,
    ).toBe(400);
  });
});
