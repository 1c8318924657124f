import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app';
import { signedInUser } from '../../factories/accounts';
import { createTestOrder, readTestOrder } from '../../factories/commerce';
import {
  cancel,
  ledgerOf,
  mailTo,
  paidBy,
  paidSale,
  refusal,
  saleRow,
  sellerWithPost,
  ship,
  stockOf,
} from './sales-helpers';

// POST /transactions/cancel: a seller cancels an unshipped sale; the buyer is refunded its part.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const cancelMails = async (to: string) =>
  (await mailTo(t, to)).filter((m) => /^Cancelled/.test(m.subject));

describe('POST /transactions/cancel', () => {
  it('cancels my paid sale with a reason: refund once, stock back, both parties emailed', async () => {
    const { seller, buyer, post, order, saleId } = await paidSale(t, { stock: 5 }, 2);
    expect(await stockOf(t, post._id)).toBe(3);
    const res = await cancel(t, seller, saleId, '  Broke in the workshop  ');
    expect(res.statusCode).toBe(200);
    expect(res.json().transaction).toMatchObject({
      _id: saleId,
      status: 'cancelled',
      cancelReason: 'Broke in the workshop',
      payoutStatus: 'refunded',
    });
    expect(await stockOf(t, post._id)).toBe(5);
    expect((await readTestOrder(t, order._id)).status).toBe('cancelled');

    await t.runJobs();
    const refunds = (await ledgerOf(t, saleId)).filter((e) => e.kind === 'refund');
    expect(refunds).toHaveLength(1);
    expect(refunds[0]!.amountMinor).toBe(Math.round(order.grandTotal * 100));

    const [toBuyer] = await cancelMails(buyer.user.email);
    expect(toBuyer!.text).toContain('Broke in the workshop');
    expect(toBuyer!.text).toMatch(/refunded/);
    expect(await cancelMails(seller.user.email)).toHaveLength(1);
  });

  it('changes nothing when asked again (no second refund, restock or mail)', async () => {
    const { seller, buyer, post, saleId } = await paidSale(t, { stock: 4 });
    expect((await cancel(t, seller, saleId)).statusCode).toBe(200);
    await t.runJobs();
    const again = await cancel(t, seller, saleId, 'Twice');
    expect(again.statusCode).toBe(200);
    expect(again.json().transaction.cancelReason).toBeNull();
    await t.runJobs();
    expect(await stockOf(t, post._id)).toBe(4);
    expect((await ledgerOf(t, saleId)).filter((e) => e.kind === 'refund')).toHaveLength(1);
    expect(await cancelMails(buyer.user.email)).toHaveLength(1);
  });

  it('refuses a shipped sale with 409 SALE_NOT_CANCELLABLE', async () => {
    const { seller, post, saleId } = await paidSale(t, { stock: 4 });
    expect((await ship(t, seller, saleId)).statusCode).toBe(200);
    const res = await cancel(t, seller, saleId, 'Changed my mind');
    expect(refusal(res)).toEqual({ status: 409, code: 'SALE_NOT_CANCELLABLE' });
    expect(res.json().message).toMatch(/shipped/);
    expect(await saleRow(t, saleId)).toMatchObject({ status: 'shipped', cancelReason: null });
    expect(await stockOf(t, post._id)).toBe(3);
  });

  it('refuses an unpaid checkout with 409 (paying it later would charge for the cancelled part)', async () => {
    const { seller, post } = await sellerWithPost(t);
    const buyer = await signedInUser(t.deps, { accountType: 'buyer' });
    const unpaid = await createTestOrder(t, buyer.user.id, [{ productId: post._id }]);
    const res = await cancel(t, seller, unpaid.transactions[0]!._id);
    expect(refusal(res)).toEqual({ status: 409, code: 'SALE_NOT_CANCELLABLE' });
    expect((await saleRow(t, unpaid.transactions[0]!._id)).status).toBe('pending');
  });

  it('answers 404 to anyone but the seller and changes nothing', async () => {
    const { buyer, post, saleId } = await paidSale(t, { stock: 4 });
    const stranger = await signedInUser(t.deps, { accountType: 'seller' });
    const admin = await signedInUser(t.deps, { role: 'admin' });
    const before = await saleRow(t, saleId);
    for (const who of [stranger, buyer, admin]) {
      expect(refusal(await cancel(t, who, saleId))).toEqual({
        status: 404,
        code: 'SALE_NOT_FOUND',
      });
    }
    await t.runJobs();
    expect(await saleRow(t, saleId)).toEqual(before);
    expect(await stockOf(t, post._id)).toBe(3);
    expect(await ledgerOf(t, saleId)).toEqual([]);
  });

  it('cancels one seller’s part of a two-seller order; the order stays paid for the other', async () => {
    const a = await sellerWithPost(t);
    const b = await sellerWithPost(t);
    const buyer = await signedInUser(t.deps, { accountType: 'buyer' });
    const order = await paidBy(t, buyer, [{ productId: a.post._id }, { productId: b.post._id }]);
    const partA = order.transactions.find((p) => p.seller._id === a.seller.user.id)!;
    expect((await cancel(t, a.seller, partA._id)).statusCode).toBe(200);
    await t.runJobs();
    const refunds = (await ledgerOf(t, partA._id)).filter((e) => e.kind === 'refund');
    expect(refunds.map((r) => r.amountMinor)).toEqual([Math.round(partA.total * 100)]);
    expect((await readTestOrder(t, order._id)).status).toBe('paid');
  });

  it('refuses a reason longer than 300 characters and a malformed id', async () => {
    const { seller, saleId } = await paidSale(t);
    const long = await cancel(t, seller, saleId, 'x'.repeat(301));
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toMatch(/300/);
    expect((await cancel(t, seller, 'nope')).statusCode).toBe(400);
    expect((await saleRow(t, saleId)).status).toBe('paid');
  });
});
