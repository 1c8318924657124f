import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insightEvents } from '../../../src/server/db/schema';
import { returnsApi } from '../../../src/shared/api/returns';
import { createTestApp, type TestApp } from '../../helpers/app';
import { freshAuth } from '../../helpers/member-calls';
import { signedInUser } from '../../factories/accounts';
import { typedClient } from '../../helpers/typed-client';
import { DAY, ledgerOf, openReturn, shippedSale, type Member } from './returns-support';

// The item coming back (ADR 074): a return accepted with the item returned refunds nothing until
// the seller confirms the item arrived; the buyer adds its tracking (checked as a shipment's); a
// tracked return left unconfirmed for 14 days can go to the moderators.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const client = typedClient(() => t);
const as = (who: Member) => ({ headers: who.auth });
const subjects = async (to: string) =>
  (await t.outbox()).filter((m) => m.to.toLowerCase() === to.toLowerCase()).map((m) => m.subject);
const refundEvents = (sellerId: string) =>
  t.deps.database.db
    .select()
    .from(insightEvents)
    .where(and(eq(insightEvents.sellerId, sellerId), eq(insightEvents.kind, 'refund')));

/** A shipped sale with a request the seller accepted with the item coming back (20.00 of 55.00). */
async function acceptedWithReturn() {
  const sale = await shippedSale(t);
  const { returnRequest } = (await openReturn(t, sale.buyer, sale.partId)).json();
  const accepted = await client.call(
    returnsApi.accept,
    { body: { id: returnRequest._id, refund: 20, returnItem: true } },
    as(sale.seller),
  );
  return { ...sale, id: returnRequest._id as string, accepted: accepted.returnRequest };
}

describe('a return with the item sent back', () => {
  it('checks the tracking number like a shipment’s, and only the buyer of an accepted return adds it', async () => {
    const sale = await shippedSale(t);
    const { returnRequest } = (await openReturn(t, sale.buyer, sale.partId)).json();
    const track = (who: Member, body: { trackingNumber: string; carrier?: string }) =>
      client.call(returnsApi.tracking, { body: { id: returnRequest._id, ...body } }, as(who));
    // Not accepted yet: nothing is coming back.
    await expect(track(sale.buyer, { trackingNumber: '9400 1000' })).rejects.toMatchObject({
      status: 409,
      code: 'RETURN_NOT_AWAITING_ITEM',
    });
    await client.call(
      returnsApi.accept,
      { body: { id: returnRequest._id, refund: 55, returnItem: true } },
      as(sale.seller),
    );
    await expect(track(sale.buyer, { trackingNumber: 'AB' })).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining('Enter the tracking number the carrier gave you.'),
    });
    await expect(track(sale.buyer, { trackingNumber: '9400<script>' })).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining('only letters, digits, spaces and dashes'),
    });
    await expect(
      track(sale.buyer, { trackingNumber: '9400 1000', carrier: 'pigeon' }),
    ).rejects.toMatchObject({ status: 400, message: expect.stringContaining('Choose a carrier') });
    // The seller (and anyone else) cannot: the request is not theirs to send back.
    await expect(track(sale.seller, { trackingNumber: '9400 1000' })).rejects.toMatchObject({
      status: 404,
    });
    const { returnRequest: sent } = await track(sale.buyer, {
      trackingNumber: '9400 1000 2000',
      carrier: 'usps',
    });
    expect(sent).toMatchObject({
      status: 'awaiting_return',
      returnShipment: {
        carrier: 'usps',
        trackingNumber: '9400 1000 2000',
        trackingUrl: expect.stringContaining('tools.usps.com'),
      },
      itemReceivedAt: null,
    });
    await t.runJobs();
    expect(await subjects(sale.seller.user.email)).toContainEqual(
      expect.stringMatching(/^Item on its way back: order /),
    );
  });

  it('lets the buyer correct the tracking while the item is awaited, keeping the seller’s deadline', async () => {
    const sale = await acceptedWithReturn();
    const { id } = sale;
    const track = (who: Member, trackingNumber: string, carrier = 'usps') =>
      client.call(returnsApi.tracking, { body: { id, trackingNumber, carrier } }, as(who));
    const { returnRequest: first } = await track(sale.buyer, '9400 1000 2000');
    await t.runJobs();
    const corrections = async () =>
      (await subjects(sale.seller.user.email)).filter((s) => s.startsWith('New tracking number'));

    t.advanceTime(DAY);
    const buyer = { ...sale.buyer, auth: await freshAuth(t, sale.buyer.user) };
    const seller = { ...sale.seller, auth: await freshAuth(t, sale.seller.user) };
    const { returnRequest: fixed } = await track(buyer, '9400 1000 2001', 'ups');
    expect(fixed.returnShipment).toMatchObject({
      carrier: 'ups',
      trackingNumber: '9400 1000 2001',
    });
    // The seller's deadline and the day it was sent stay those of the first sending.
    expect(fixed.answerBy).toBe(first.answerBy);
    expect(fixed.returnShipment?.sentAt).toBe(first.returnShipment?.sentAt);
    // The same number again changes nothing and mails no one again.
    await track(buyer, '9400 1000 2001', 'ups');
    await t.runJobs();
    expect(await corrections()).toHaveLength(1);
    // Still only the buyer, and a correction is checked like the first number.
    await expect(track(seller, '9400 1000 2002')).rejects.toMatchObject({ status: 404 });
    await expect(track(buyer, 'AB')).rejects.toMatchObject({ status: 400 });

    // Once the item is received, the tracking is history.
    await client.call(returnsApi.received, { body: { id } }, as(seller));
    await expect(track(buyer, '9400 1000 2003')).rejects.toMatchObject({
      status: 409,
      code: 'RETURN_NOT_AWAITING_ITEM',
      message: expect.stringContaining('can no longer be changed'),
    });
  });

  it('refunds through the refund job only once the seller marks the item received', async () => {
    const { buyer, seller, partId, id, accepted } = await acceptedWithReturn();
    expect(accepted).toMatchObject({ status: 'awaiting_return', refund: 20, refundSent: false });
    await client.call(
      returnsApi.tracking,
      { body: { id, carrier: 'dhl', trackingNumber: 'JD0146 0000' } },
      as(buyer),
    );
    await t.runJobs();
    // Nothing moved, insights took nothing back; the seller sees the tracking.
    expect(await ledgerOf(t, partId)).toEqual([]);
    expect(await refundEvents(seller.user.id)).toEqual([]);
    const seen = await client.call(returnsApi.list, { query: { id } }, as(seller));
    expect(seen).toMatchObject({
      returnRequest: { returnShipment: { carrier: 'dhl', trackingNumber: 'JD0146 0000' } },
    });
    // Only the seller confirms.
    await expect(
      client.call(returnsApi.received, { body: { id } }, as(buyer)),
    ).rejects.toMatchObject({ status: 404 });
    const { returnRequest } = await client.call(returnsApi.received, { body: { id } }, as(seller));
    expect(returnRequest).toMatchObject({ status: 'refunded', itemReceivedAt: expect.any(String) });
    await t.runJobs();
    expect((await ledgerOf(t, partId)).map((e) => [e.kind, e.amountMinor, e.feeMinor])).toEqual([
      ['refund', 2000, 91],
    ]);
    expect((await refundEvents(seller.user.id)).map((e) => e.amountMinor)).toEqual([-2000]);
    expect(await subjects(buyer.user.email)).toContainEqual(
      expect.stringMatching(/^Refund sent: order /),
    );
    await expect(
      client.call(returnsApi.received, { body: { id } }, as(seller)),
    ).rejects.toMatchObject({ status: 409, code: 'RETURN_NOT_AWAITING_ITEM' });
    const shown = await client.call(returnsApi.list, { query: { id } }, as(buyer));
    expect(shown).toMatchObject({ returnRequest: { refundSent: true } });
  });

  it('a tracked return left unconfirmed for 14 days goes to moderation; the moderator’s refund is sent at once', async () => {
    const { buyer, partId, id } = await acceptedWithReturn();
    const escalate = (who: Member) => client.call(returnsApi.escalate, { body: { id } }, as(who));
    // Not sent back yet: nothing to escalate for.
    await expect(escalate(buyer)).rejects.toMatchObject({
      status: 409,
      code: 'RETURN_NOT_ESCALATABLE',
      message: expect.stringMatching(/^Send the item back and add its tracking number first/),
    });
    await client.call(
      returnsApi.tracking,
      { body: { id, carrier: 'ups', trackingNumber: '1Z999AA1' } },
      as(buyer),
    );
    t.advanceTime(13 * DAY);
    const day13 = { ...buyer, auth: await freshAuth(t, buyer.user) };
    await expect(escalate(day13)).rejects.toMatchObject({
      status: 409,
      code: 'RETURN_NOT_ESCALATABLE',
      message: expect.stringMatching(/^The seller has until .+ to confirm the item arrived/),
    });
    t.advanceTime(1 * DAY);
    const later = { ...buyer, auth: await freshAuth(t, buyer.user) };
    const shown = await client.call(returnsApi.list, { query: { id } }, as(later));
    expect(shown).toMatchObject({ returnRequest: { canEscalate: true } });
    const { returnRequest: escalated } = await escalate(later);
    expect(escalated).toMatchObject({ status: 'escalated', refund: 20, returnItem: true });

    const moderator = await signedInUser(t.deps, { role: 'moderator' });
    const { returnRequest: decided } = await client.call(
      returnsApi.decide,
      {
        body: {
          id,
          decision: 'refund',
          refund: 20,
          returnItem: true,
          note: 'Tracking shows it delivered.',
        },
      },
      as(moderator),
    );
    // The item was sent back (tracked): the refund is not held for it again.
    expect(decided).toMatchObject({ status: 'refunded', decidedBy: 'moderator' });
    await t.runJobs();
    expect((await ledgerOf(t, partId)).map((e) => [e.kind, e.amountMinor])).toEqual([
      ['refund', 2000],
    ]);
  });
});
