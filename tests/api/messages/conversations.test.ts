import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../../src/server/db/schema';
import {
  conversationsResponse,
  messageListResponse,
  threadResponse,
  type Message,
} from '../../../src/shared/contracts/messages';
import { createTestApp, type TestApp } from '../../helpers/app';
import { signedInUser } from '../../factories/accounts';
import { apiGet, block, sendMessage, setStatus } from '../../factories/messages';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const unread = async (token: string) => {
  const res = await apiGet(t, '/messages/unread-count', token);
  expect(res.statusCode).toBe(200);
  return (res.json() as { unreadCount: number }).unreadCount;
};
const conversations = async (token: string, query = '') => {
  const res = await apiGet(t, `/messages/conversations${query}`, token);
  expect(res.statusCode).toBe(200);
  return conversationsResponse.parse(res.json());
};
const thread = async (token: string, userId: string, query = '') => {
  const res = await apiGet(t, `/messages/conversations/${userId}${query}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return threadResponse.parse(res.json());
};

describe('private conversations', () => {
  it('list each member once with the last message and unread count; opening one marks it read', async () => {
    const sam = await signedInUser(t.deps);
    const maya = await signedInUser(t.deps);
    const leo = await signedInUser(t.deps);

    const first = await sendMessage(t, sam.token, { text: 'Hi Maya, is the mug for sale?', recipient: maya.user.username });
    t.advanceTime(1000);
    const reply = await sendMessage(t, maya.token, { text: 'Yes it is!', recipient: sam.user.id });
    t.advanceTime(1000);
    const second = await sendMessage(t, sam.token, { text: 'Great, I will buy it.', recipient: maya.user.username });
    t.advanceTime(1000);
    await sendMessage(t, leo.token, { text: 'Hello Maya', recipient: maya.user.username });

    expect(await unread(maya.token)).toBe(3);
    expect(await unread(sam.token)).toBe(1);

    const list = await conversations(maya.token);
    expect(list.unreadCount).toBe(3);
    expect(list.recordsCount).toBe(2);
    expect(list.conversations.map((c) => [c.user._id, c.unreadCount, c.lastMessage.text])).toEqual([
      [leo.user.id, 1, 'Hello Maya'],
      [sam.user.id, 2, 'Great, I will buy it.'],
    ]);
    expect(list.conversations[1]!.user).toMatchObject({ username: sam.user.username, name: sam.user.name });

    // Opening the thread with sam: oldest to newest, sam's messages to maya now read.
    const opened = await thread(maya.token, sam.user.id);
    expect(opened.user).toMatchObject({ _id: sam.user.id, username: sam.user.username });
    expect(opened.recordsCount).toBe(3);
    expect(opened.messages.map((m) => m._id)).toEqual([first._id, reply._id, second._id]);
    const byId = new Map(opened.messages.map((m) => [m._id, m]));
    expect(byId.get(first._id)!.readAt).not.toBeNull();
    expect(byId.get(second._id)!.readAt).not.toBeNull();
    expect(byId.get(reply._id)!.readAt).toBeNull(); // sam has not opened it yet

    expect(await unread(maya.token)).toBe(1);
    const after = await conversations(maya.token);
    expect(after.conversations.map((c) => c.unreadCount)).toEqual([1, 0]);
    expect(await unread(sam.token)).toBe(1);
    await thread(sam.token, maya.user.id);
    expect(await unread(sam.token)).toBe(0);
    // Sam's own sent messages stay as maya left them.
    const [row] = await t.deps.database.db.select().from(messages).where(eq(messages.id, first._id));
    expect(row!.readAt).not.toBeNull();
  });

  it('pages a thread from the newest: page 1 is the latest messages, each page oldest first', async () => {
    const a = await signedInUser(t.deps);
    const b = await signedInUser(t.deps);
    const sent: Message[] = [];
    for (let i = 0; i < 5; i++) {
      sent.push(await sendMessage(t, i % 2 ? b.token : a.token, { text: `m${i}`, recipient: i % 2 ? a.user.id : b.user.id }));
      t.advanceTime(1000);
    }
    const page1 = await thread(a.token, b.user.id, '?limit=2');
    expect(page1.messages.map((m) => m.text)).toEqual(['m3', 'm4']);
    expect(page1.recordsCount).toBe(5);
    const page3 = await thread(a.token, b.user.id, '?limit=2&page=3');
    expect(page3.messages.map((m) => m.text)).toEqual(['m0']);
    // Opening any page marks every message from them as read.
    expect(await unread(a.token)).toBe(0);
  });

  it('a third member never sees a private message: not in any list, thread, like or edit', async () => {
    const sam = await signedInUser(t.deps);
    const maya = await signedInUser(t.deps);
    const leo = await signedInUser(t.deps);
    const secret = await sendMessage(t, sam.token, { text: 'Private offer for you', recipient: maya.user.username });

    const feed = messageListResponse.parse((await apiGet(t, '/messages?limit=100', leo.token)).json());
    expect(feed.messages.map((m) => m._id)).not.toContain(secret._id);
    const anon = messageListResponse.parse((await apiGet(t, '/messages?limit=100')).json());
    expect(anon.messages.map((m) => m._id)).not.toContain(secret._id);
    for (const who of [sam, maya]) {
      const page = messageListResponse.parse((await apiGet(t, `/messages/user/${who.user.username}`, leo.token)).json());
      expect(page.messages).toEqual([]);
    }
    expect((await conversations(leo.token)).conversations).toEqual([]);
    expect(await unread(leo.token)).toBe(0);
    expect((await thread(leo.token, sam.user.id)).messages).toEqual([]);
    expect((await thread(leo.token, maya.user.id)).messages).toEqual([]);
    expect(messageListResponse.parse((await apiGet(t, '/messages/mine', leo.token)).json()).messages).toEqual([]);

    const like = await t.app.inject({
      method: 'POST',
      url: '/api/v1/messages/like',
      headers: leo.auth,
      payload: { id: secret._id },
    });
    expect(like.statusCode).toBe(404);
    expect((await apiGet(t, `/messages/mine?id=${secret._id}`, leo.token)).statusCode).toBe(404);
    // Leo opening his (empty) threads did not mark maya's message as read.
    expect(await unread(maya.token)).toBe(1);
  });

  it('a thread with myself is 400, with an unknown or suspended member 404, across a block 403', async () => {
    const a = await signedInUser(t.deps);
    const b = await signedInUser(t.deps);
    const c = await signedInUser(t.deps);
    const self = await apiGet(t, `/messages/conversations/${a.user.id}`, a.token);
    expect(self.statusCode).toBe(400);
    expect(self.json()).toMatchObject({ code: 'SELF_ACTION' });
    const unknown = await apiGet(t, '/messages/conversations/00000000-0000-4000-8000-000000000000', a.token);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'USER_NOT_FOUND' });
    const malformed = await apiGet(t, '/messages/conversations/not-an-id', a.token);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe('userId: Must be a user id.');

    await sendMessage(t, b.token, { text: 'from b', recipient: a.user.id });
    await sendMessage(t, c.token, { text: 'from c', recipient: a.user.id });
    expect(await unread(a.token)).toBe(2);

    await setStatus(t, b.user.id, 'suspended');
    expect((await apiGet(t, `/messages/conversations/${b.user.id}`, a.token)).statusCode).toBe(404);
    expect(await unread(a.token)).toBe(1);
    expect((await conversations(a.token)).conversations.map((x) => x.user._id)).toEqual([c.user.id]);

    await block(t, a.user.id, c.user.id);
    const blocked = await apiGet(t, `/messages/conversations/${c.user.id}`, a.token);
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toMatchObject({ code: 'BLOCKED' });
    expect(await unread(a.token)).toBe(0);
    expect((await conversations(a.token))).toMatchObject({ conversations: [], recordsCount: 0, unreadCount: 0 });

    // Nothing was marked read by the refused calls.
    const stillUnread = await t.deps.database.db
      .select()
      .from(messages)
      .where(and(eq(messages.recipientId, a.user.id), isNull(messages.readAt)));
    expect(stillUnread).toHaveLength(2);
  });

  it('pages conversations, the latest first', async () => {
    const me = await signedInUser(t.deps);
    const others = [await signedInUser(t.deps), await signedInUser(t.deps), await signedInUser(t.deps)];
    for (const o of others) {
      await sendMessage(t, o.token, { text: `from ${o.user.username}`, recipient: me.user.id });
      t.advanceTime(1000);
    }
    const page1 = await conversations(me.token, '?limit=2');
    expect(page1.recordsCount).toBe(3);
    expect(page1.unreadCount).toBe(3);
    expect(page1.conversations.map((c) => c.user._id)).toEqual([others[2]!.user.id, others[1]!.user.id]);
    const page2 = await conversations(me.token, '?limit=2&page=2');
    expect(page2.conversations.map((c) => c.user._id)).toEqual([others[0]!.user.id]);
  });

  it('every conversation call needs a session', async () => {
    for (const url of ['/messages/conversations', '/messages/unread-count', '/messages/favoriteIds']) {
      expect((await apiGet(t, url)).statusCode, url).toBe(401);
    }
  });
});
