import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moderationApi } from '../../../src/shared/api/moderation';
import { returnsApi } from '../../../src/shared/api/returns';
import type { QueueReturn } from '../../../src/shared/contracts/moderation';
import { createTestApp, type TestApp } from '../../helpers/app';
import { typedClient } from '../../helpers/typed-client';
import { signedInUser } from '../../factories/accounts';
import {
  DAY,
  ledgerOf,
  openReturnWithPhotos,
  photo,
  shippedSale,
  type Member,
} from './returns-support';

// Refund requests sent to moderation are items of the one moderation queue (ADR 074): listed with
// what a moderator needs to decide, oldest first among comments and reports, for moderators only,
// decided through POST /returns/decide (never above what was paid), and gone once decided.

let t: TestApp;
beforeAll(async () => {
  // Its own database: the queue's counts and order are exact.
  t = await createTestApp();
});
afterAll(() => t?.close());

const client = typedClient(() => t);
const as = (who: Member) => ({ headers: who.auth });

/** A shipped sale whose request the seller declined and the buyer sent to moderation. */
async function escalated(message: string) {
  const sale = await shippedSale(t);
  const opened = await openReturnWithPhotos(
    t,
    sale.buyer,
    { transactionId: sale.partId, reason: 'not_as_described', message },
    [await photo()],
  );
  const id = opened.json().returnRequest._id as string;
  await client.call(
    returnsApi.decline,
    { body: { id, reason: 'It matches the listing.' } },
    as(sale.seller),
  );
  await client.call(returnsApi.escalate, { body: { id } }, as(sale.buyer));
  return { ...sale, id };
}

/** The decision log's entries about one request, as a moderator reads the log. */
async function logged(moderator: Member, id: string) {
  const log = await client.call(moderationApi.actions, { query: { limit: 100 } }, as(moderator));
  return log.actions.filter((a) => a.targetId === id);
}

describe('refund requests in the moderation queue', () => {
  it('lists escalated requests as a kind of item, oldest first, with what the decision needs', async () => {
    const first = await escalated('The glaze is grey, not blue.');
    t.advanceTime(DAY);
    const second = await escalated('Smaller than the photos.');
    // A request still waiting for its seller is not the moderators' yet.
    const waiting = await shippedSale(t);
    await openReturnWithPhotos(
      t,
      waiting.buyer,
      { transactionId: waiting.partId, reason: 'damaged', message: 'Chipped.' },
      [],
    );
    // Signed in after the clock moved (access tokens are short-lived).
    const mod = await signedInUser(t.deps, { role: 'moderator' });

    const returns = await client.call(moderationApi.queue, { query: { kind: 'returns' } }, as(mod));
    expect(returns.recordsCount).toBe(2);
    expect(returns.items.map((i) => [i.kind, i._id])).toEqual([
      ['return', first.id],
      ['return', second.id],
    ]);
    const item = returns.items[0] as QueueReturn;
    expect(item.returnRequest).toMatchObject({
      _id: first.id,
      orderId: first.order._id,
      status: 'escalated',
      reason: 'not_as_described',
      message: 'The glaze is grey, not blue.',
      declineReason: 'It matches the listing.',
      partTotal: 55,
      buyer: { _id: first.buyer.user.id },
      seller: { _id: first.seller.user.id },
    });
    expect(item.returnRequest.photos).toHaveLength(1);
    expect(item.createdAt).toBe(item.returnRequest.escalatedAt);
    // The whole queue holds them too; the other kinds do not.
    const all = await client.call(moderationApi.queue, { query: {} }, as(mod));
    expect(all.items.filter((i) => i.kind === 'return').map((i) => i._id)).toEqual([
      first.id,
      second.id,
    ]);
    const reports = await client.call(moderationApi.queue, { query: { kind: 'reports' } }, as(mod));
    expect(reports.items.some((i) => i.kind === 'return')).toBe(false);
  });

  it('is for moderators: a member is refused the queue and the decision (403)', async () => {
    const { buyer, seller, id } = await escalated('Wrong size.');
    for (const member of [buyer, seller]) {
      await expect(
        client.call(moderationApi.queue, { query: { kind: 'returns' } }, as(member)),
      ).rejects.toMatchObject({ status: 403 });
      await expect(
        client.call(
          returnsApi.decide,
          { body: { id, decision: 'refund', refund: 55, returnItem: false, note: '' } },
          as(member),
        ),
      ).rejects.toMatchObject({ status: 403 });
    }
  });

  it('a moderator decides from the queue: never above what was paid, then the item leaves the queue', async () => {
    const moderator = await signedInUser(t.deps, { role: 'moderator' });
    const { id, partId } = await escalated('Cracked base.');
    const before = await client.call(
      moderationApi.queue,
      { query: { kind: 'returns', limit: 100 } },
      as(moderator),
    );
    expect(before.items.map((i) => i._id)).toContain(id);
    const decide = (refund: number) =>
      client.call(
        returnsApi.decide,
        { body: { id, decision: 'refund', refund, returnItem: false, note: 'Photos agree.' } },
        as(moderator),
      );
    // 55.00 was paid for this part: a cent more is refused, and the request stays in the queue.
    await expect(decide(55.01)).rejects.toMatchObject({
      status: 400,
      message: 'refund: A refund can be at most what the buyer paid for this part, $55.00.',
    });
    const still = await client.call(
      moderationApi.queue,
      { query: { kind: 'returns', limit: 100 } },
      as(moderator),
    );
    expect(still.items.map((i) => i._id)).toContain(id);
    expect(await logged(moderator, id)).toEqual([]);

    const { returnRequest } = await decide(55);
    // The decision joins the moderation log, in words that survive the accounts.
    expect(await logged(moderator, id)).toEqual([
      expect.objectContaining({
        action: 'approve',
        targetType: 'return',
        actor: expect.objectContaining({ _id: moderator.user.id }),
        note: expect.stringMatching(
          /^Refund request on order [0-9A-F]{8} \(.+ from .+\): \$55\.00 refunded — “Photos agree\.”$/,
        ),
      }),
    ]);
    expect(returnRequest).toMatchObject({ status: 'refunded', refund: 55, decidedBy: 'moderator' });
    const after = await client.call(
      moderationApi.queue,
      { query: { kind: 'returns', limit: 100 } },
      as(moderator),
    );
    expect(after.items.map((i) => i._id)).not.toContain(id);
    expect(after.recordsCount).toBe(before.recordsCount - 1);
    await t.runJobs();
    expect((await ledgerOf(t, partId)).map((e) => [e.kind, e.amountMinor])).toEqual([
      ['refund', 5500],
    ]);
  });

  it('a moderator’s refusal is in the decision log too, and a second decision is refused unlogged', async () => {
    const moderator = await signedInUser(t.deps, { role: 'moderator' });
    const { id } = await escalated('It arrived late.');
    const reject = () =>
      client.call(
        returnsApi.decide,
        { body: { id, decision: 'reject', returnItem: false, note: 'Delivered on time.' } },
        as(moderator),
      );
    expect((await reject()).returnRequest).toMatchObject({ status: 'rejected' });
    await expect(reject()).rejects.toMatchObject({ status: 409, code: 'RETURN_NOT_ESCALATED' });
    expect((await logged(moderator, id)).map((a) => [a.action, a.note])).toEqual([
      ['reject', expect.stringMatching(/: no refund — “Delivered on time\.”$/)],
    ]);
  });

  it('a refund with the item coming back waits for it, out of the queue', async () => {
    const moderator = await signedInUser(t.deps, { role: 'moderator' });
    const { id, buyer, seller, partId } = await escalated('Not what I ordered.');
    const { returnRequest } = await client.call(
      returnsApi.decide,
      { body: { id, decision: 'refund', refund: 30, returnItem: true, note: '' } },
      as(moderator),
    );
    expect(returnRequest).toMatchObject({ status: 'awaiting_return', refund: 30 });
    expect((await logged(moderator, id)).map((a) => [a.action, a.note])).toEqual([
      ['approve', expect.stringMatching(/: \$30\.00 refunded, the item sent back first$/)],
    ]);
    const queue = await client.call(
      moderationApi.queue,
      { query: { kind: 'returns', limit: 100 } },
      as(moderator),
    );
    expect(queue.items.map((i) => i._id)).not.toContain(id);
    await client.call(
      returnsApi.tracking,
      { body: { id, carrier: 'other', trackingNumber: 'RR123456789' } },
      as(buyer),
    );
    await client.call(returnsApi.received, { body: { id } }, as(seller));
    await t.runJobs();
    expect((await ledgerOf(t, partId)).map((e) => [e.kind, e.amountMinor])).toEqual([
      ['refund', 3000],
    ]);
  });
});
