import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageLikes, messages } from '../../../src/server/db/schema';
import { messageLikeResponse } from '../../../src/shared/contracts/messages';
import { createTestApp, type TestApp } from '../../helpers/app';
import { nextIp, signedInUser } from '../../factories/accounts';
import { apiGet, block, sendMessage, setStatus } from '../../factories/messages';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const like = (token: string | undefined, id: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/messages/like',
    remoteAddress: nextIp(),
    headers: token ? { 'x-access-token': token } : {},
    payload: { id },
  });
const likesOf = async (id: string) => {
  const [row] = await t.deps.database.db
    .select({ count: messages.likesCount })
    .from(messages)
    .where(eq(messages.id, id));
  const [rows] = await t.deps.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(messageLikes)
    .where(eq(messageLikes.messageId, id));
  return { count: row?.count, rows: rows?.n };
};
const likedIds = async (token: string) =>
  ((await apiGet(t, '/messages/favoriteIds', token)).json() as { likedMessageIds: string[] })
    .likedMessageIds;

describe('POST /messages/like', () => {
  it('toggles a like: the answer carries the message with its new likesCount and liked', async () => {
    const a = await signedInUser(t.deps);
    const b = await signedInUser(t.deps);
    const c = await signedInUser(t.deps);
    const m = await sendMessage(t, a.token, { text: 'like me' });

    const first = await like(b.token, m._id);
    expect(first.statusCode).toBe(200);
    expect(messageLikeResponse.parse(first.json())).toMatchObject({
      liked: true,
      message: { _id: m._id, likesCount: 1, likesType: 'message' },
    });
    expect((await like(c.token, m._id)).json()).toMatchObject({ liked: true, message: { likesCount: 2 } });
    expect(await likedIds(b.token)).toEqual([m._id]);
    expect(await likedIds(a.token)).toEqual([]);

    const again = await like(b.token, m._id);
    expect(again.json()).toMatchObject({ liked: false, message: { likesCount: 1 } });
    expect(await likedIds(b.token)).toEqual([]);
    expect(await likesOf(m._id)).toEqual({ count: 1, rows: 1 });

    // The feed shows the count.
    const feed = (await apiGet(t, `/messages/user/${a.user.username}`)).json();
    expect(feed.messages[0]).toMatchObject({ _id: m._id, likesCount: 1 });
  });

  it('lists liked ids newest like first', async () => {
    const a = await signedInUser(t.deps);
    const b = await signedInUser(t.deps);
    const m1 = await sendMessage(t, a.token, { text: 'one' });
    const m2 = await sendMessage(t, a.token, { text: 'two' });
    await like(b.token, m1._id);
    t.advanceTime(1000);
    await like(b.token, m2._id);
    expect(await likedIds(b.token)).toEqual([m2._id, m1._id]);
  });

  it('never double-counts parallel toggles (the primary key decides)', async () => {
    const a = await signedInUser(t.deps);
    const m = await sendMessage(t, a.token, { text: 'popular' });
    const fans = await Promise.all([1, 2, 3, 4, 5, 6].map(() => signedInUser(t.deps)));
    await Promise.all(fans.map((f) => like(f.token, m._id)));
    expect(await likesOf(m._id)).toEqual({ count: 6, rows: 6 });
    // One member clicking many times at once ends consistent: count equals rows.
    const fan = fans[0]!;
    await Promise.all([1, 2, 3, 4, 5].map(() => like(fan.token, m._id)));
    const after = await likesOf(m._id);
    expect(after.count).toBe(after.rows);
  });

  it('private messages: only their two members may like them (404 for anyone else)', async () => {
    const a = await signedInUser(t.deps);
    const b = await signedInUser(t.deps);
    const c = await signedInUser(t.deps);
    const priv = await sendMessage(t, a.token, { text: 'for b', recipient: b.user.username });
    expect((await like(b.token, priv._id)).json()).toMatchObject({ liked: true, message: { likesCount: 1 } });
    expect((await like(a.token, priv._id)).json()).toMatchObject({ liked: true, message: { likesCount: 2 } });
    const third = await like(c.token, priv._id);
    expect(third.statusCode).toBe(404);
    expect(third.json()).toMatchObject({ code: 'MESSAGE_NOT_FOUND' });
    expect(await likesOf(priv._id)).toEqual({ count: 2, rows: 2 });
  });

  it('refuses across a block (403), suspended authors and unknown ids (404), anonymous callers (401), bad ids (400)', async () => {
    const a = await signedInUser(t.deps);
    const b = await signedInUser(t.deps);
    const m = await sendMessage(t, a.token, { text: 'hello' });
    await block(t, a.user.id, b.user.id);
    const blocked = await like(b.token, m._id);
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toMatchObject({ code: 'BLOCKED' });

    const c = await signedInUser(t.deps);
    await setStatus(t, a.user.id, 'suspended');
    expect((await like(c.token, m._id)).statusCode).toBe(404);
    expect((await like(c.token, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await like(undefined, m._id)).statusCode).toBe(401);
    const bad = await like(c.token, 'nope');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('id: Must be a message id.');
    expect(await likesOf(m._id)).toEqual({ count: 0, rows: 0 });
  });

  it('likes go with the message when it is deleted', async () => {
    const a = await signedInUser(t.deps);
    const b = await signedInUser(t.deps);
    const m = await sendMessage(t, a.token, { text: 'short-lived' });
    await like(b.token, m._id);
    await t.app.inject({ method: 'DELETE', url: `/api/v1/messages?id=${m._id}`, headers: a.auth });
    expect(await likedIds(b.token)).toEqual([]);
  });
});
