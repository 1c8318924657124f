import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  discountCodes,
  feedbacks,
  jobs,
  ledgerEntries,
  orders,
  returnRequests,
  transactions,
  users,
} from '../../../src/server/db/schema';
import { ordersWithParts } from '../../../src/server/modules/commerce';
import { seedDemo } from '../../../src/server/composition/setup';
import { createTestApp, type TestApp } from '../../helpers/app';

/** The demo's trade (src/server/demo/commerce.ts) is what checkout and shipping would have made. */
let t: TestApp;
const ids = new Map<string, string>();

beforeAll(async () => {
  t = await createTestApp();
  expect(await seedDemo(t.deps)).toBe(true);
  for (const u of await t.deps.database.db.select().from(users)) ids.set(u.username, u.id);
}, 120_000);
afterAll(() => t?.close());

const db = () => t.deps.database.db;

describe('the demo seed’s orders', () => {
  it('has a return in progress: sam’s refund request on maya’s mug, waiting for her answer', async () => {
    const rows = await db().select().from(returnRequests);
    expect(rows).toHaveLength(1);
    const [part] = await db()
      .select()
      .from(transactions)
      .where(eq(transactions.id, rows[0]!.transactionId));
    expect(part).toMatchObject({ sellerId: ids.get('maya'), status: 'shipped' });
    expect(rows[0]).toMatchObject({ buyerId: ids.get('sam'), status: 'open', reason: 'damaged' });
    expect(rows[0]!.answerBy.getTime()).toBeGreaterThan(Date.now());
  });

  it('has sam’s shipped, paid-out purchase from maya and a paid one from leo still to ship', async () => {
    const rows = await db()
      .select()
      .from(orders)
      .where(eq(orders.buyerId, ids.get('sam')!));
    const list = await ordersWithParts(db(), rows);
    expect(
      list
        .map((o) => [o.transactions[0]!.seller.username, o.status, o.transactions[0]!.payoutStatus])
        .sort(),
    ).toEqual([
      ['leo', 'paid', 'held'],
      ['maya', 'shipped', 'paid'],
    ]);
    for (const o of list) {
      expect(o.grandTotal).toBe(o.transactions.reduce((sum, p) => sum + p.total, 0));
      expect(Math.round(o.tax * 100)).toBe(
        Math.floor(Math.round((o.subtotal + o.shipping) * 100) / 10 + 0.5),
      );
    }
    const maya = list.find((o) => o.transactions[0]!.seller.username === 'maya')!;
    expect(maya.transactions[0]).toMatchObject({
      buyerFeedbackGiven: true,
      sellerFeedbackGiven: true,
    });
    expect(maya.transactions[0]!.trackingUrl).toContain('9400111899223100012345');
  });

  it('records each payment and maya’s payout once, and schedules leo’s ship-by deadline', async () => {
    const entries = await db().select().from(ledgerEntries);
    expect(entries.map((e) => e.kind).sort()).toEqual(['charge', 'charge', 'transfer']);
    const [leoSale] = await db()
      .select()
      .from(transactions)
      .where(eq(transactions.sellerId, ids.get('leo')!));
    const deadlines = await db().select().from(jobs).where(eq(jobs.name, 'commerce.auto-cancel'));
    expect(deadlines.map((j) => j.payload)).toEqual([{ transactionId: leoSale!.id }]);
    expect(deadlines[0]!.runAt.getTime()).toBe(leoSale!.shipBy!.getTime());
  });

  it('gives maya a five-star rating from sam, and sam one from maya', async () => {
    const rows = await db().select().from(feedbacks);
    expect(rows.map((f) => [f.type, f.subjectId, f.rating]).sort()).toEqual([
      ['order', ids.get('maya'), 5],
      ['transaction', ids.get('sam'), 5],
    ]);
  });

  it('gives maya and leo a discount code each, listed on their /discounts (issue 27)', async () => {
    const rows = await db().select().from(discountCodes);
    expect(rows.map((r) => [r.sellerId, r.code, r.kind, r.value, r.uses]).sort()).toEqual(
      [
        [ids.get('leo'), 'RETRO5', 'amount', 500, 0],
        [ids.get('maya'), 'WELCOME10', 'percent', 10, 0],
      ].sort(),
    );
  });
});
