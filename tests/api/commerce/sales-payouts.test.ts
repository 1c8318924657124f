import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { releaseHeldPayouts } from '../../../src/server/modules/commerce';
import { createTestApp, type TestApp } from '../../helpers/app';
import { get, ledgerOf, paidSale, readyPayoutAccount, saleRow, ship } from './sales-helpers';

// Payouts follow shipping (issue 12 §7): the seller's share is held until they ship, then
// transferred once if their payout setup is finished, else held with the reason shown on /sales.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const HELD_FOR_SETUP = 'Finish your payout setup to receive this money.';

describe('payouts on shipment', () => {
  it('holds a paid sale’s money until it ships', async () => {
    const { seller, saleId } = await paidSale(t);
    await t.runJobs();
    const { transaction } = (await get(t, seller, `/transactions?id=${saleId}`)).json();
    expect(transaction).toMatchObject({
      payoutStatus: 'held',
      payoutHeldReason: 'Paid out when you mark it shipped.',
    });
    expect((await ledgerOf(t, saleId)).filter((e) => e.kind === 'transfer')).toEqual([]);
  });

  it('transfers the part’s total once when a seller with a finished payout setup ships', async () => {
    const { seller, saleId, order } = await paidSale(t, { price: 30, shippingCost: 4 }, 2);
    await readyPayoutAccount(t, seller.user.id);
    const res = await ship(t, seller, saleId);
    expect(res.json().transaction).toMatchObject({
      payoutStatus: 'pending',
      payoutHeldReason: null,
    });
    await t.runJobs();
    await t.runJobs();
    const transfers = (await ledgerOf(t, saleId)).filter((e) => e.kind === 'transfer');
    expect(transfers).toHaveLength(1);
    // 2 × 30 + 2 × 4 shipping + 10% tax = 74.80, the seller's (docs/decisions/026) less the Free
    // plan's 5% platform fee on the items and shipping (3.40, docs/decisions/032): 71.40.
    expect(transfers[0]).toMatchObject({
      amountMinor: 7140,
      orderId: order._id,
      provider: 'local',
    });
    expect(await saleRow(t, saleId)).toMatchObject({
      payoutStatus: 'paid',
      payoutHeldReason: null,
    });
    const { transaction } = (await get(t, seller, `/transactions?id=${saleId}`)).json();
    expect(transaction.payoutStatus).toBe('paid');
  });

  it('holds a shipped sale’s money with the reason while the payout setup is unfinished, then releases it', async () => {
    const { seller, saleId } = await paidSale(t);
    const res = await ship(t, seller, saleId);
    expect(res.json().transaction).toMatchObject({
      payoutStatus: 'held',
      payoutHeldReason: HELD_FOR_SETUP,
    });
    await t.runJobs();
    expect(await saleRow(t, saleId)).toMatchObject({
      payoutStatus: 'held',
      payoutHeldReason: HELD_FOR_SETUP,
    });
    expect((await ledgerOf(t, saleId)).filter((e) => e.kind === 'transfer')).toEqual([]);

    await readyPayoutAccount(t, seller.user.id);
    expect(await releaseHeldPayouts(t.moduleDeps(), seller.user.id)).toBe(1);
    await t.runJobs();
    expect((await ledgerOf(t, saleId)).filter((e) => e.kind === 'transfer')).toHaveLength(1);
    expect((await saleRow(t, saleId)).payoutStatus).toBe('paid');
  });
});
