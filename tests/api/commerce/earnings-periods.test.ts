import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries } from '../../../src/server/db/schema';
import { signedInUser } from '../../factories/accounts';
import { createTestApp, type TestApp } from '../../helpers/app';
import { csvOf, dateSale, earningsCalls } from './earnings-support';
import { paidBy, readyPayoutAccount, sellerWithPost, ship, type Member } from './sales-helpers';

// The edges of a period (docs/decisions/072): a sale counts on its UTC day, a day's last
// millisecond in it and the next midnight in the next; presets follow the app's clock; payouts
// count on the day of their transfer. One unit of the $30 post: $37.40; two: $74.80.

let t: TestApp;
const calls = earningsCalls(() => t);
let seller: Member;
const sales: Record<string, string> = {};

/** The first instant of the month `offset` months from the app's now (UTC). */
function monthStart(offset: number): Date {
  const now = new Date(t.deps.now!());
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1));
}

beforeAll(async () => {
  t = await createTestApp();
  const { seller: s, post } = await sellerWithPost(t, { price: 30, shippingCost: 4, stock: 20 });
  seller = s;
  const buyer = await signedInUser(t.deps, { accountType: 'buyer' });
  const dated: [string, string, number][] = [
    ['janLast', '2025-01-31T23:59:59.999Z', 1],
    ['febFirst', '2025-02-01T00:00:00.000Z', 2],
    ['febLast', '2025-02-28T23:59:59.999Z', 1],
    ['marFirst', '2025-03-01T00:00:00.000Z', 1],
    ['thisMonth', monthStart(0).toISOString(), 1],
    ['lastMonth', new Date(monthStart(0).getTime() - 1).toISOString(), 2],
  ];
  for (const [name, iso, amount] of dated) {
    const order = await paidBy(t, buyer, [{ productId: post._id, amount }]);
    sales[name] = order.transactions[0]!._id;
    await dateSale(t, sales[name], iso);
  }
  // The February sale of two is shipped and paid out; its transfer is dated 10 March 2025.
  await readyPayoutAccount(t, seller.user.id);
  expect((await ship(t, seller, sales.febFirst!)).statusCode).toBe(200);
  await t.runJobs();
  await t.deps.database.db
    .update(ledgerEntries)
    .set({ createdAt: new Date('2025-03-10T12:00:00Z') })
    .where(eq(ledgerEntries.key, `transfer:${sales.febFirst}`));
});
afterAll(() => t?.close());

describe('a period’s edges', () => {
  it('counts a sale on its UTC day, both ends of a custom period included', async () => {
    const feb = await calls.summary(seller, { from: '2025-02-01', to: '2025-02-28' });
    expect(feb).toMatchObject({
      period: { period: 'custom', from: '2025-02-01', to: '2025-02-28' },
      salesCount: 2,
      gross: 112.2,
      paidOut: 71.4,
    });
    expect(await calls.summary(seller, { to: '2025-01-31' })).toMatchObject({
      period: { period: 'custom', from: null, to: '2025-01-31' },
      salesCount: 1,
      gross: 37.4,
    });
    expect(await calls.summary(seller, { from: '2025-03-01', to: '2025-03-01' })).toMatchObject({
      salesCount: 1,
      gross: 37.4,
    });
  });

  it('follows the app’s clock for this month and last month', async () => {
    expect(await calls.summary(seller, { period: 'this-month' })).toMatchObject({
      salesCount: 1,
      gross: 37.4,
    });
    expect(await calls.summary(seller, { period: 'last-month' })).toMatchObject({
      salesCount: 1,
      gross: 74.8,
    });
    expect((await calls.summary(seller, { period: 'all' })).salesCount).toBe(6);
  });

  it('dates a payout by its transfer, and the CSVs by their sales and payouts', async () => {
    expect(
      (await calls.payouts(seller, { from: '2025-03-10', to: '2025-03-10' })).recordsCount,
    ).toBe(1);
    expect(
      (await calls.payouts(seller, { from: '2025-02-01', to: '2025-03-09' })).recordsCount,
    ).toBe(0);
    const payouts = await csvOf(t, seller, '/payouts/export?from=2025-03-01&to=2025-03-31');
    expect(payouts.lines.slice(1)).toEqual([
      expect.stringMatching(
        new RegExp(`^2025-03-10,71\\.40,USD,paid,[0-9a-f-]{36},${sales.febFirst},tr_`),
      ),
    ]);
    const feb = await csvOf(t, seller, '/sales/export?period=custom&from=2025-02-01&to=2025-02-28');
    expect(feb.lines.slice(1).map((l) => l.slice(0, 10))).toEqual(['2025-02-01', '2025-02-28']);
  });
});
