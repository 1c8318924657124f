import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messagesApi } from '../../../src/shared/api/messages';
import { unreadCountResponse } from '../../../src/shared/contracts/messages';
import { createTestApp, type TestApp } from '../../helpers/app';
import { signedInUser } from '../../factories/accounts';
import { block, sendMessage } from '../../factories/messages';
import { callThrough } from '../security/private-support';

// GET /messages/unread-count, the header's badge (issue 24): the caller's own unread private
// messages only — not public ones, not those they sent, not from members blocked either way —
// down to 0 once the conversation is opened. Anonymous callers are refused.

let t: TestApp;
let call: ReturnType<typeof callThrough>;
beforeAll(async () => {
  t = await createTestApp();
  call = callThrough(t);
});
afterAll(() => t?.close());

async function unread(auth: Record<string, string>): Promise<number> {
  const res = await call(messagesApi.unreadCount, {}, auth);
  expect(res.statusCode, res.body).toBe(200);
  return unreadCountResponse.parse(res.json()).unreadCount;
}

describe('GET /messages/unread-count', () => {
  it('asks who is calling', async () => {
    const res = await call(messagesApi.unreadCount);
    expect(res.statusCode).toBe(401);
    expect((res.json() as { message: string }).message).toBeTruthy();
  });

  it("counts the caller's own unread private messages, and goes down when they are read", async () => {
    const seller = await signedInUser(t.deps);
    const buyer = await signedInUser(t.deps);
    const other = await signedInUser(t.deps);
    expect(await unread(seller.auth)).toBe(0);

    const about = `About https://shop.test/${seller.user.username}/some-post\n\nIs it food safe?`;
    await sendMessage(t, buyer.token, { text: about, recipient: seller.user.username });
    await sendMessage(t, buyer.token, {
      text: 'And when does it ship?',
      recipient: seller.user.id,
    });
    await sendMessage(t, other.token, { text: 'Hello!', recipient: seller.user.username });
    // Not for the seller's badge: a public message, and one the seller sent.
    await sendMessage(t, buyer.token, { text: 'A public note' });
    await sendMessage(t, seller.token, { text: 'Thanks!', recipient: buyer.user.username });

    expect(await unread(seller.auth)).toBe(3);
    expect(await unread(buyer.auth)).toBe(1);
    expect(await unread(other.auth)).toBe(0);

    // Opening the conversation with the buyer reads their two.
    const thread = await call(
      messagesApi.thread,
      { params: { userId: buyer.user.id } },
      seller.auth,
    );
    expect(thread.statusCode, thread.body).toBe(200);
    expect(await unread(seller.auth)).toBe(1);
    expect(await unread(buyer.auth)).toBe(1);
  });

  it('leaves out messages from a member blocked either way', async () => {
    const me = await signedInUser(t.deps);
    const blockedByMe = await signedInUser(t.deps);
    const blocksMe = await signedInUser(t.deps);
    await sendMessage(t, blockedByMe.token, { text: 'One', recipient: me.user.username });
    await sendMessage(t, blocksMe.token, { text: 'Two', recipient: me.user.username });
    expect(await unread(me.auth)).toBe(2);
    await block(t, me.user.id, blockedByMe.user.id);
    await block(t, blocksMe.user.id, me.user.id);
    expect(await unread(me.auth)).toBe(0);
  });
});
