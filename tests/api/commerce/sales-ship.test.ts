import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app';
import { signedInUser } from '../../factories/accounts';
import { createTestOrder, readTestOrder } from '../../factories/commerce';
import {
  cancel,
  mailTo,
  paidBy,
  paidSale,
  refusal,
  saleRow,
  sellerWithPost,
  send,
  ship,
} from './sales-helpers';

// PUT /transactions: a seller marks a paid sale shipped (irreversible), and every refusal.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('PUT /transactions', () => {
  it('marks my paid sale shipped with the carrier and tracking number, and settles the order', async () => {
    const { seller, order, saleId } = await paidSale(t);
    const res = await send(t, seller, 'PUT', '/transactions', {
      id: saleId,
      trackingNumber: '  1Z999AA10123456784 ',
      carrier: 'ups',
    });
    expect(res.statusCode).toBe(200);
    const { transaction } = res.json();
    expect(transaction).toMatchObject({
      _id: saleId,
      status: 'shipped',
      carrier: 'ups',
      trackingNumber: '1Z999AA10123456784',
      trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
    });
    expect(Date.parse(transaction.shippedAt)).toBeLessThanOrEqual(t.deps.now!());
    expect((await readTestOrder(t, order._id)).status).toBe('shipped');
  });

  it('emails the buyer the tracking link, once', async () => {
    const { seller, buyer, saleId } = await paidSale(t, { title: 'Oak bowl' });
    expect((await ship(t, seller, saleId, 'EZ1000000001')).statusCode).toBe(200);
    const mails = (await mailTo(t, buyer.user.email)).filter((m) => /^Shipped/.test(m.subject));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('EZ1000000001');
    expect(mails[0]!.text).toContain(
      'https://tools.usps.com/go/TrackConfirmAction?tLabels=EZ1000000001',
    );
    expect(mails[0]!.text).toContain('Oak bowl');
  });

  it('refuses a second attempt with 409 ALREADY_SHIPPED and changes nothing', async () => {
    const { seller, saleId } = await paidSale(t);
    expect((await ship(t, seller, saleId, 'FIRST-0001')).statusCode).toBe(200);
    const before = await saleRow(t, saleId);
    const again = await ship(t, seller, saleId, 'SECOND-0002');
    expect(refusal(again)).toEqual({ status: 409, code: 'ALREADY_SHIPPED' });
    expect(again.json().message).toBe(
      "This sale was already marked shipped; that can't be changed.",
    );
    expect(await saleRow(t, saleId)).toEqual(before);
  });

  it('lets only one of two simultaneous attempts through', async () => {
    const { seller, saleId } = await paidSale(t);
    const results = await Promise.all([
      ship(t, seller, saleId, 'RACE-0001'),
      ship(t, seller, saleId, 'RACE-0002'),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const winner = results.find((r) => r.statusCode === 200)!.json().transaction.trackingNumber;
    expect((await saleRow(t, saleId)).trackingNumber).toBe(winner);
  });

  it('answers 404 to anyone but the seller (another seller, the buyer, an admin) and changes nothing', async () => {
    const { buyer, saleId } = await paidSale(t);
    const stranger = await signedInUser(t.deps, { accountType: 'seller' });
    const admin = await signedInUser(t.deps, { role: 'admin' });
    const before = await saleRow(t, saleId);
    for (const who of [stranger, buyer, admin]) {
      const res = await ship(t, who, saleId);
      expect(refusal(res)).toEqual({ status: 404, code: 'SALE_NOT_FOUND' });
    }
    expect(await saleRow(t, saleId)).toEqual(before);
    expect((await mailTo(t, buyer.user.email)).some((m) => /^Shipped/.test(m.subject))).toBe(false);
  });

  it('refuses an unpaid sale and a cancelled one with 409 SALE_NOT_SHIPPABLE', async () => {
    const { seller, post } = await sellerWithPost(t);
    const buyer = await signedInUser(t.deps, { accountType: 'buyer' });
    const unpaid = await createTestOrder(t, buyer.user.id, [{ productId: post._id }]);
    const unpaidId = unpaid.transactions[0]!._id;
    const res = await ship(t, seller, unpaidId);
    expect(refusal(res)).toEqual({ status: 409, code: 'SALE_NOT_SHIPPABLE' });
    expect(res.json().message).toMatch(/not paid/);
    expect((await saleRow(t, unpaidId)).status).toBe('pending');

    const paid = await paidBy(t, buyer, [{ productId: post._id }]);
    const paidId = paid.transactions[0]!._id;
    expect((await cancel(t, seller, paidId, 'Broke in the workshop')).statusCode).toBe(200);
    const late = await ship(t, seller, paidId);
    expect(refusal(late)).toEqual({ status: 409, code: 'SALE_NOT_SHIPPABLE' });
    expect(late.json().message).toMatch(/cancelled/);
    expect(await saleRow(t, paidId)).toMatchObject({ status: 'cancelled', trackingNumber: null });
  });

  it('keeps an order of two sellers paid until both have shipped', async () => {
    const a = await sellerWithPost(t);
    const b = await sellerWithPost(t);
    const buyer = await signedInUser(t.deps, { accountType: 'buyer' });
    const order = await paidBy(t, buyer, [{ productId: a.post._id }, { productId: b.post._id }]);
    const partOf = (id: string) => order.transactions.find((p) => p.seller._id === id)!._id;
    expect((await ship(t, a.seller, partOf(a.seller.user.id))).statusCode).toBe(200);
    expect((await readTestOrder(t, order._id)).status).toBe('paid');
    // Each seller ships only their own part.
    expect((await ship(t, a.seller, partOf(b.seller.user.id))).statusCode).toBe(404);
    expect((await ship(t, b.seller, partOf(b.seller.user.id))).statusCode).toBe(200);
    expect((await readTestOrder(t, order._id)).status).toBe('shipped');
  });

  it('refuses bad input with a message a person can act on', async () => {
    const { seller, saleId } = await paidSale(t);
    const cases: [object, RegExp][] = [
      [{ id: saleId, trackingNumber: 'ab', carrier: 'usps' }, /tracking number/i],
      [{ id: saleId, trackingNumber: 'ABC<script>', carrier: 'usps' }, /letters, digits/],
      [{ id: saleId, trackingNumber: 'A'.repeat(61), carrier: 'usps' }, /at most 60/],
      [{ id: saleId, trackingNumber: 'ABCD1234', carrier: 'pigeon' }, /carrier from the list/],
      [{ id: 'nope', trackingNumber: 'ABCD1234', carrier: 'usps' }, /id/i],
      [{ id: saleId }, /trackingNumber: This field is required/],
    ];
    for (const [payload, message] of cases) {
      const res = await send(t, seller, 'PUT', '/transactions', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(JSON.stringify(res.json()), JSON.stringify(payload)).toMatch(message);
    }
    expect((await saleRow(t, saleId)).status).toBe('paid');
    expect((await ship(t, seller, '00000000-0000-4000-8000-000000000000')).json().code).toBe(
      'SALE_NOT_FOUND',
    );
  });
});
