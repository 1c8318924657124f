import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../src/server/db/schema';
import {
  messageListResponse,
  userMessagesResponse,
  type Message,
} from '../../../src/shared/contracts/messages';
import { createTestApp, type TestApp } from '../../helpers/app';
import { createUser, signedInUser } from '../../factories/accounts';
import { apiGet, block, sendMessage, setStatus } from '../../factories/messages';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const ids = (list: { messages: Message[] }) => list.messages.map((m) => m._id);

describe('GET /messages (the public feed)', () => {
  it('lists public messages newest first, with authors, paged; never private ones', async () => {
    const a = await signedInUser(t.deps);
    const b = await signedInUser(t.deps);
    const sent: Message[] = [];
    for (let i = 0; i < 3; i++) {
      sent.push(await sendMessage(t, a.token, { text: `feed ${i}` }));
      t.advanceTime(1000);
    }
    const priv = await sendMessage(t, a.token, { text: 'secret', recipient: b.user.username });

    const res = await apiGet(t, '/messages?limit=2');
    expect(res.statusCode).toBe(200);
    const page1 = messageListResponse.parse(res.json());
    expect(ids(page1)).toEqual([sent[2]!._id, sent[1]!._id]);
    expect(page1.messages[0]!.user).toMatchObject({ _id: a.user.id, username: a.user.username });
    expect(page1.tagName).toBeUndefined();
    const page2 = messageListResponse.parse((await apiGet(t, '/messages?limit=2&page=2')).json());
    expect(ids(page2)[0]).toBe(sent[0]!._id);
    expect(page1.recordsCount).toBe(page2.recordsCount);

    const all = messageListResponse.parse((await apiGet(t, '/messages?limit=100', b.token)).json());
    expect(ids(all)).not.toContain(priv._id);
    expect(all.messages.every((m) => m.recipient === null)).toBe(true);
  });

  it('filters by tag (normalised) and says which', async () => {
    const a = await signedInUser(t.deps);
    const tagged = await sendMessage(t, a.token, { text: 'tagged', _tags: ['Rare Finds'] });
    await sendMessage(t, a.token, { text: 'untagged' });
    const res = await apiGet(t, '/messages?tag=%20rare%20%20FINDS');
    const list = messageListResponse.parse(res.json());
    expect(list).toMatchObject({ tagName: 'rare finds', recordsCount: 1 });
    expect(ids(list)).toEqual([tagged._id]);
    const none = messageListResponse.parse((await apiGet(t, '/messages?tag=no-such-tag')).json());
    expect(none).toMatchObject({ messages: [], recordsCount: 0, tagName: 'no-such-tag' });
  });

  it('hides suspended and never-activated authors, and authors blocked either way by the viewer', async () => {
    const a = await signedInUser(t.deps);
    const viewer = await signedInUser(t.deps);
    const blocker = await signedInUser(t.deps);
    const tag = `t${Date.now().toString(36)}`;
    const fromA = await sendMessage(t, a.token, { text: 'from a', _tags: [tag] });
    const fromBlocker = await sendMessage(t, blocker.token, { text: 'from blocker', _tags: [tag] });
    const feed = async (token?: string) =>
      ids(messageListResponse.parse((await apiGet(t, `/messages?tag=${tag}`, token)).json()));

    expect(await feed()).toEqual([fromBlocker._id, fromA._id]);
    await block(t, blocker.user.id, viewer.user.id);
    expect(await feed(viewer.token)).toEqual([fromA._id]);
    expect(await feed()).toEqual([fromBlocker._id, fromA._id]);

    await setStatus(t, a.user.id, 'suspended');
    expect(await feed()).toEqual([fromBlocker._id]);
    await setStatus(t, a.user.id, 'active');
    expect(await feed()).toEqual([fromBlocker._id, fromA._id]);

    await t.deps.database.db.update(users).set({ activatedAt: null }).where(eq(users.id, a.user.id));
    expect(await feed()).toEqual([fromBlocker._id]);
  });

  it('refuses bad paging with a readable 400', async () => {
    const cases = {
      'page=0': 'page: Must be at least 1.',
      'limit=101': 'limit: Must be at most 100.',
      'page=abc': 'page: Must be a number.',
      'limit=1.5': 'limit: Must be a whole number.',
    };
    for (const [q, message] of Object.entries(cases)) {
      const res = await apiGet(t, `/messages?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().message).toBe(message);
    }
  });
});

describe('GET /messages/user/:username', () => {
  it("lists one member's public messages with the member; unknown and suspended members are 404", async () => {
    const a = await signedInUser(t.deps);
    const b = await signedInUser(t.deps);
    const m1 = await sendMessage(t, a.token, { text: 'a one' });
    t.advanceTime(1000);
    const m2 = await sendMessage(t, a.token, { text: 'a two' });
    await sendMessage(t, a.token, { text: 'private', recipient: b.user.username });
    await sendMessage(t, b.token, { text: 'b says hi' });

    const res = await apiGet(t, `/messages/user/${a.user.username.toUpperCase()}`);
    expect(res.statusCode).toBe(200);
    const list = userMessagesResponse.parse(res.json());
    expect(ids(list)).toEqual([m2._id, m1._id]);
    expect(list).toMatchObject({
      recordsCount: 2,
      user: { _id: a.user.id, username: a.user.username, name: a.user.name, image: null },
    });
    // With and without the trailing slash.
    expect((await apiGet(t, `/messages/user/${a.user.username}/`)).statusCode).toBe(200);

    const unknown = await apiGet(t, '/messages/user/no-such-member-here');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'USER_NOT_FOUND' });
    await setStatus(t, a.user.id, 'suspended');
    expect((await apiGet(t, `/messages/user/${a.user.username}`)).statusCode).toBe(404);
    const { user: inactive } = await createUser(t.deps, { activated: false });
    expect((await apiGet(t, `/messages/user/${inactive.username}`)).statusCode).toBe(404);
  });

  it('shows a viewer blocked either way the member but none of their messages', async () => {
    const a = await signedInUser(t.deps);
    const v = await signedInUser(t.deps);
    await sendMessage(t, a.token, { text: 'hello' });
    await block(t, v.user.id, a.user.id);
    const list = userMessagesResponse.parse(
      (await apiGet(t, `/messages/user/${a.user.username}`, v.token)).json(),
    );
    expect(list).toMatchObject({ messages: [], recordsCount: 0, user: { _id: a.user.id } });
  });
});

describe('GET /messages/mine', () => {
  it('lists my public and sent private messages (not those sent to me), with and without the slash', async () => {
    const a = await signedInUser(t.deps);
    const b = await signedInUser(t.deps);
    const pub = await sendMessage(t, a.token, { text: 'public' });
    t.advanceTime(1000);
    const priv = await sendMessage(t, a.token, { text: 'private', recipient: b.user.username });
    await sendMessage(t, b.token, { text: 'reply', recipient: a.user.username });

    for (const url of ['/messages/mine', '/messages/mine/', '/messages/mine/?page=1&limit=10']) {
      const res = await apiGet(t, url, a.token);
      expect(res.statusCode, url).toBe(200);
      const list = messageListResponse.parse(res.json());
      expect(ids(list), url).toEqual([priv._id, pub._id]);
      expect(list.recordsCount).toBe(2);
      expect(list.messages[0]!.recipient).toMatchObject({ _id: b.user.id });
    }
    expect((await apiGet(t, '/messages/mine')).statusCode).toBe(401);
  });

  it('?id= answers one of mine; someone else’s is 403, a private one I am not in 404', async () => {
    const a = await signedInUser(t.deps);
    const b = await signedInUser(t.deps);
    const c = await signedInUser(t.deps);
    const pub = await sendMessage(t, a.token, { text: 'mine' });
    const priv = await sendMessage(t, a.token, { text: 'for b', recipient: b.user.username });

    const one = messageListResponse.parse((await apiGet(t, `/messages/mine?id=${pub._id}`, a.token)).json());
    expect(one).toMatchObject({ recordsCount: 1, messages: [{ _id: pub._id, text: 'mine' }] });
    expect((await apiGet(t, `/messages/mine?id=${pub._id}`, b.token)).statusCode).toBe(403);
    expect((await apiGet(t, `/messages/mine?id=${priv._id}`, b.token)).statusCode).toBe(403);
    expect((await apiGet(t, `/messages/mine?id=${priv._id}`, c.token)).statusCode).toBe(404);
    expect(
      (await apiGet(t, '/messages/mine?id=00000000-0000-4000-8000-000000000000', a.token)).statusCode,
    ).toBe(404);
    const bad = await apiGet(t, '/messages/mine?id=nope', a.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/Must be a message id\./);
  });
});

describe('DELETE /messages', () => {
  it('the author deletes; others get 403 (public) or 404 (private); moderators delete any; it leaves every list', async () => {
    const a = await signedInUser(t.deps);
    const b = await signedInUser(t.deps);
    const c = await signedInUser(t.deps);
    const mod = await signedInUser(t.deps, { role: 'moderator' });
    const pub = await sendMessage(t, a.token, { text: 'to delete' });
    const priv = await sendMessage(t, a.token, { text: 'private to delete', recipient: b.user.username });
    const del = (id: string, token: string) =>
      t.app.inject({ method: 'DELETE', url: `/api/v1/messages?id=${id}`, headers: { 'x-access-token': token } });

    expect((await del(pub._id, b.token)).statusCode).toBe(403);
    expect((await del(priv._id, b.token)).statusCode).toBe(403); // the recipient did not write it
    const third = await del(priv._id, c.token);
    expect(third.statusCode).toBe(404);
    expect(third.json()).toMatchObject({ code: 'MESSAGE_NOT_FOUND' });
    expect(ids(messageListResponse.parse((await apiGet(t, '/messages/mine', a.token)).json()))).toEqual([
      priv._id,
      pub._id,
    ]);

    const mine = await del(pub._id, a.token);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toEqual({ _id: pub._id });
    expect((await del(pub._id, a.token)).statusCode).toBe(404);
    const modRes = await del(priv._id, mod.token);
    expect(modRes.statusCode).toBe(200);

    expect(messageListResponse.parse((await apiGet(t, '/messages/mine', a.token)).json()).messages).toEqual([]);
    expect(ids(messageListResponse.parse((await apiGet(t, '/messages?limit=100')).json()))).not.toContain(pub._id);
    expect((await del('not-a-uuid', a.token)).statusCode).toBe(400);
  });
});
