import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app';
import { readTestOrder } from '../../factories/commerce';
import { ledgerOf, mailTo, paidSale, saleRow, ship, stockOf } from './sales-helpers';

// commerce.auto-cancel: a paid sale not shipped within SHIP_WITHIN_DAYS is cancelled and refunded
// by the job queue; shipped sales never are. Its own app: the test clock moves days forward here.

const DAY = 24 * 3600_000;
const SHIP_WITHIN_DAYS = 3;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { SHIP_WITHIN_DAYS: String(SHIP_WITHIN_DAYS) });
});
afterAll(() => t?.close());

describe('auto-cancel of unshipped sales', () => {
  it('cancels a sale not shipped in time: refund once, stock back, both emailed; shipped ones stay', async () => {
    const late = await paidSale(t, { title: 'Forgotten lamp', stock: 2 }, 2);
    const shipped = await paidSale(t, { stock: 2 });
    expect((await ship(t, shipped.seller, shipped.saleId)).statusCode).toBe(200);
    expect(await stockOf(t, late.post._id)).toBe(0);

    // A day before the deadline nothing happens.
    t.advanceTime((SHIP_WITHIN_DAYS - 1) * DAY);
    await t.runJobs();
    expect((await saleRow(t, late.saleId)).status).toBe('paid');

    t.advanceTime(DAY + 60_000);
    await t.runJobs();
    await t.runJobs();
    const row = await saleRow(t, late.saleId);
    expect(row).toMatchObject({ status: 'cancelled', payoutStatus: 'refunded' });
    expect(row.cancelReason).toBe(
      `Not marked shipped within ${SHIP_WITHIN_DAYS} days, so it was cancelled automatically.`,
    );
    expect((await readTestOrder(t, late.order._id)).status).toBe('cancelled');
    expect(await stockOf(t, late.post._id)).toBe(2);

    const refunds = (await ledgerOf(t, late.saleId)).filter((e) => e.kind === 'refund');
    expect(refunds).toHaveLength(1);
    expect(refunds[0]!.amountMinor).toBe(Math.round(late.order.grandTotal * 100));

    const toBuyer = (await mailTo(t, late.buyer.user.email)).filter((m) =>
      /^Cancelled/.test(m.subject),
    );
    expect(toBuyer).toHaveLength(1);
    expect(toBuyer[0]!.text).toContain('cancelled automatically');
    expect(toBuyer[0]!.text).toContain('Forgotten lamp');
    const toSeller = (await mailTo(t, late.seller.user.email)).filter((m) =>
      /^Cancelled/.test(m.subject),
    );
    expect(toSeller).toHaveLength(1);

    // The shipped sale was never touched.
    expect(await saleRow(t, shipped.saleId)).toMatchObject({
      status: 'shipped',
      cancelledAt: null,
    });
    expect((await ledgerOf(t, shipped.saleId)).filter((e) => e.kind === 'refund')).toEqual([]);
    expect(await stockOf(t, shipped.post._id)).toBe(1);
  });
});
