import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { insightEvents } from '../../../src/server/db/schema';
import { queuePayout } from '../../../src/server/modules/commerce';
import { createTestApp, type TestApp } from '../../helpers/app';
import { freshAuth } from '../../helpers/member-calls';
import { signedInUser } from '../../factories/accounts';
import { createProduct } from '../../factories/catalog';
import { createPaidOrder } from '../../factories/commerce';
import {
  call,
  DAY,
  ledgerOf,
  openReturn,
  openReturnWithPhotos,
  photo,
  readyAccount,
  shippedSale,
} from './returns-support';

// Return requests over the API (issue 27 §4, ADR 074): who may open one and when, the seller's
// accept (partial refund) and decline, the buyer's escalation, the moderator's decision, the
// ledger and the mails of each step.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const subjects = async (to: string) =>
  (await t.outbox()).filter((m) => m.to.toLowerCase() === to.toLowerCase()).map((m) => m.subject);

describe('opening a return request', () => {
  it('opens one with photos on a shipped part, and tells both sides', async () => {
    const { buyer, seller, partId, order } = await shippedSale(t);
    const res = await openReturnWithPhotos(
      t,
      buyer,
      { transactionId: partId, reason: 'not_as_described', message: 'It is blue, not green.' },
      [await photo(), await photo()],
    );
    expect(res.statusCode, res.body).toBe(201);
    const { returnRequest } = res.json();
    expect(returnRequest).toMatchObject({
      orderId: order._id,
      transactionId: partId,
      status: 'open',
      reason: 'not_as_described',
      message: 'It is blue, not green.',
      partTotal: 55,
      refund: null,
      canEscalate: false,
    });
    expect(returnRequest.photos).toHaveLength(2);
    expect(returnRequest.photos[0].fullsize).toMatch(/^\/media\/returns\/.+\.webp$/);
    expect(await subjects(seller.user.email)).toContainEqual(
      expect.stringMatching(/^Refund request: order /),
    );
    expect(await subjects(buyer.user.email)).toContainEqual(
      expect.stringMatching(/^Your refund request for order /),
    );
    // Both sides see it in their lists; a second request on the part is refused.
    const mine = (await call(t, buyer, 'GET', '/returns')).json();
    expect(mine.returns.map((r: { _id: string }) => r._id)).toEqual([returnRequest._id]);
    const theirs = (await call(t, seller, 'GET', '/returns?as=seller')).json();
    expect(theirs).toMatchObject({ recordsCount: 1 });
    const again = await openReturn(t, buyer, partId);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('RETURN_EXISTS');
  });

  it('refuses more than four photos, an unshipped part, someone else’s part and a late request', async () => {
    const { buyer, partId } = await shippedSale(t);
    const five = await Promise.all([1, 2, 3, 4, 5].map(() => photo()));
    const tooMany = await openReturnWithPhotos(
      t,
      buyer,
      { transactionId: partId, reason: 'damaged', message: 'Broken.' },
      five,
    );
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe('photo: Send at most 4 images at a time.');

    const stranger = await signedInUser(t.deps);
    const notMine = await openReturn(t, stranger, partId);
    expect(notMine.statusCode).toBe(404);

    const seller = await signedInUser(t.deps, { accountType: 'seller' });
    const post = await createProduct(t, seller.user, { price: 10, stock: 3 });
    const unshipped = await createPaidOrder(t, buyer.user.id, [{ productId: post._id }]);
    const early = await openReturn(t, buyer, unshipped.transactions[0]!._id);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({
      code: 'RETURN_NOT_ALLOWED',
      message: 'You can ask for a refund once the seller has shipped this part.',
    });

    t.advanceTime(15 * DAY); // RETURN_WINDOW_DAYS is 14
    const late = await openReturn(t, { ...buyer, auth: await freshAuth(t, buyer.user) }, partId);
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('RETURN_WINDOW_OVER');
    expect(late.json().message).toMatch(/^Refunds can be asked for within 14 days of shipment/);
  });
});

describe('the seller’s answer', () => {
  it('a partial refund after payout, the item back first: refunded once the seller has it, the fee share returned, the transfer reversed', async () => {
    const { buyer, seller, partId } = await shippedSale(t, { paidOut: true });
    const { returnRequest } = (await openReturn(t, buyer, partId)).json();

    const tooMuch = await call(t, seller, 'POST', '/returns/accept', {
      id: returnRequest._id,
      refund: 55.01,
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().message).toBe(
      'refund: A refund can be at most what the buyer paid for this part, $55.00.',
    );
    const notTheirs = await call(t, buyer, 'POST', '/returns/accept', {
      id: returnRequest._id,
      refund: 20,
    });
    expect(notTheirs.statusCode).toBe(404);

    const res = await call(t, seller, 'POST', '/returns/accept', {
      id: returnRequest._id,
      refund: 20,
      returnItem: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    // The item comes back first (ADR 074): accepted, but no money moves until the seller has it.
    expect(res.json().returnRequest).toMatchObject({
      status: 'awaiting_return',
      refund: 20,
      returnItem: true,
      decidedBy: 'seller',
      refundSent: false,
      returnShipment: null,
    });
    await t.runJobs();
    expect((await ledgerOf(t, partId)).map((e) => e.kind)).toEqual(['transfer']);
    expect(await subjects(buyer.user.email)).toContainEqual(
      expect.stringMatching(/^Refund accepted, item to send back: order /),
    );
    const sent = await call(t, buyer, 'POST', '/returns/tracking', {
      id: returnRequest._id,
      carrier: 'ups',
      trackingNumber: '1Z 999 AA1',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const received = await call(t, seller, 'POST', '/returns/received', { id: returnRequest._id });
    expect(received.statusCode, received.body).toBe(200);
    expect(received.json().returnRequest).toMatchObject({
      status: 'refunded',
      itemReceivedAt: expect.any(String),
    });
    await t.runJobs();
    // 55.00 paid, 2.50 fee (5% of 50.00): 20.00 back gives round(250 × 2000 / 5500) = 91 cents of
    // fee back; the seller's transfer of 52.50 is reversed by 20.00 − 0.91 = 19.09.
    const ledger = await ledgerOf(t, partId);
    expect(ledger.filter((e) => e.kind !== 'transfer')).toMatchObject([
      {
        kind: 'refund',
        amountMinor: 2000,
        feeMinor: 91,
        key: `refund:return:${returnRequest._id}`,
      },
      { kind: 'reversal', amountMinor: 1909, key: `reversal:return:${returnRequest._id}` },
    ]);
    expect(ledger.find((e) => e.kind === 'transfer')!.amountMinor).toBe(5250);
    const shown = (await call(t, buyer, 'GET', `/returns?id=${returnRequest._id}`)).json();
    expect(shown.returnRequest).toMatchObject({ refundSent: true });
    expect(await subjects(buyer.user.email)).toContainEqual(
      expect.stringMatching(/^Refund sent: order /),
    );
    // The seller's totals show it: 55.00 gross, 2.50 − 0.91 fees, 20.00 refunded, 52.50 − 19.09 paid out.
    const summary = (await call(t, seller, 'GET', '/sales/summary?period=all')).json();
    expect(summary).toMatchObject({
      gross: 55,
      platformFees: 1.59,
      refunds: 20,
      net: 33.41,
      paidOut: 33.41,
    });
    // Insights: the refunded amount is taken back, the order still counts (a partial refund).
    const events = await t.deps.database.db
      .select()
      .from(insightEvents)
      .where(and(eq(insightEvents.sellerId, seller.user.id), eq(insightEvents.kind, 'refund')));
    expect(events.map((e) => [e.orders, e.amountMinor])).toEqual([[0, -2000]]);
    // The CSV's sale row: fee 1.59, refund 20.00, net 33.41.
    const csv = (await call(t, seller, 'GET', '/sales/export?period=all')).body;
    expect(csv).toContain(',55.00,1.59,20.00,33.41,');
    // Answered already: a second answer is refused.
    const twice = await call(t, seller, 'POST', '/returns/decline', {
      id: returnRequest._id,
      reason: 'No.',
    });
    expect(twice.json().code).toBe('RETURN_ALREADY_DECIDED');
  });

  it('a refund before payout: the transfer later sends the seller’s share less it', async () => {
    const { buyer, seller, partId } = await shippedSale(t);
    const { returnRequest } = (await openReturn(t, buyer, partId)).json();
    await call(t, seller, 'POST', '/returns/accept', { id: returnRequest._id, refund: 55 });
    await t.runJobs();
    await readyAccount(t, seller.user.id);
    await queuePayout(t.moduleDeps(), partId);
    await t.runJobs();
    // A full refund gives the whole fee back and leaves the seller nothing to be sent.
    const ledger = await ledgerOf(t, partId);
    expect(ledger.map((e) => [e.kind, e.amountMinor, e.feeMinor])).toEqual([['refund', 5500, 250]]);
  });

  it('a decline, escalated by the buyer, decided by a moderator', async () => {
    const { buyer, seller, partId } = await shippedSale(t);
    const { returnRequest } = (await openReturn(t, buyer, partId)).json();
    const declined = await call(t, seller, 'POST', '/returns/decline', {
      id: returnRequest._id,
      reason: 'It was fine when it left.',
    });
    expect(declined.json().returnRequest).toMatchObject({
      status: 'declined',
      declineReason: 'It was fine when it left.',
    });
    expect(await subjects(buyer.user.email)).toContainEqual(
      expect.stringMatching(/^Refund declined/),
    );
    const moderator = await signedInUser(t.deps, { role: 'moderator' });
    expect((await call(t, buyer, 'GET', '/returns?as=moderation')).statusCode).toBe(403);

    const escalated = await call(t, buyer, 'POST', '/returns/escalate', { id: returnRequest._id });
    expect(escalated.json().returnRequest).toMatchObject({ status: 'escalated' });
    const queue = (await call(t, moderator, 'GET', '/returns?as=moderation&limit=100')).json();
    expect(queue.returns.map((r: { _id: string }) => r._id)).toContain(returnRequest._id);

    expect(
      (
        await call(t, buyer, 'POST', '/returns/decide', {
          id: returnRequest._id,
          decision: 'refund',
          refund: 10,
        })
      ).statusCode,
    ).toBe(403);
    const decided = await call(t, moderator, 'POST', '/returns/decide', {
      id: returnRequest._id,
      decision: 'refund',
      refund: 10,
      note: 'The photos show the damage.',
    });
    expect(decided.statusCode, decided.body).toBe(200);
    expect(decided.json().returnRequest).toMatchObject({
      status: 'refunded',
      refund: 10,
      decidedBy: 'moderator',
      moderatorNote: 'The photos show the damage.',
    });
    await t.runJobs();
    expect((await ledgerOf(t, partId)).map((e) => [e.kind, e.amountMinor])).toEqual([
      ['refund', 1000],
    ]);
    const again = await call(t, moderator, 'POST', '/returns/decide', {
      id: returnRequest._id,
      decision: 'reject',
    });
    expect(again.json().code).toBe('RETURN_NOT_ESCALATED');
  });

  it('an unanswered request can go to moderation after 5 days, not before', async () => {
    const { buyer, partId } = await shippedSale(t);
    const { returnRequest } = (await openReturn(t, buyer, partId)).json();
    const early = await call(t, buyer, 'POST', '/returns/escalate', { id: returnRequest._id });
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('RETURN_NOT_ESCALATABLE');
    t.advanceTime(5 * DAY);
    const later = { ...buyer, auth: await freshAuth(t, buyer.user) };
    const shown = (await call(t, later, 'GET', `/returns?id=${returnRequest._id}`)).json();
    expect(shown.returnRequest.canEscalate).toBe(true);
    const res = await call(t, later, 'POST', '/returns/escalate', { id: returnRequest._id });
    expect(res.json().returnRequest).toMatchObject({ status: 'escalated' });
  });
});
