import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, messages, notifications } from '../../../src/server/db/schema';
import { digestJob } from '../../../src/server/modules/notifications';
import { messageSchema } from '../../../src/shared/contracts/messages';
import { SOCIAL_LIMITS } from '../../../src/shared/contracts/social-rules';
import { createTestApp, type TestApp } from '../../helpers/app';
import { signedInUser } from '../../factories/accounts';
import { block, putMessage, sendMessage, setStatus } from '../../factories/messages';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const db = () => t.deps.database.db;
const countMessages = async () =>
  (await db().select({ n: sql<number>`count(*)::int` }).from(messages))[0]!.n;
const rowOf = async (id: string) =>
  (await db().select().from(messages).where(eq(messages.id, id)))[0];

describe('PUT /messages: sending', () => {
  it('creates a public message with normalised tags, answering { message } with 200', async () => {
    const a = await signedInUser(t.deps);
    const res = await putMessage(t, a.token, {
      text: '  New mugs are in the shop this week!  ',
      _tags: ['Ceramics', ' new   arrivals ', 'ceramics'],
    });
    expect(res.statusCode).toBe(200);
    const message = messageSchema.parse(res.json().message);
    expect(message).toMatchObject({
      text: 'New mugs are in the shop this week!',
      _tags: ['ceramics', 'new arrivals'],
      medias: [],
      likesCount: 0,
      likesType: 'message',
      recipient: null,
      readAt: null,
      user: { _id: a.user.id, username: a.user.username, name: a.user.name, image: null },
    });
    expect(Date.parse(message.createdAt)).not.toBeNaN();
    const row = await rowOf(message._id);
    expect(row).toMatchObject({ userId: a.user.id, recipientId: null, tags: ['ceramics', 'new arrivals'] });
  });

  it('sends a private message by username or id (a leading @ is fine) and notifies the recipient', async () => {
    const a = await signedInUser(t.deps);
    const b = await signedInUser(t.deps);
    const byName = await sendMessage(t, a.token, { text: 'Is the blue mug still available?', recipient: `@${b.user.username.toUpperCase()}` });
    expect(byName.recipient).toMatchObject({ _id: b.user.id, username: b.user.username });
    const byId = await sendMessage(t, a.token, { text: 'Also the bowl?', recipient: b.user.id });
    expect(byId.recipient?._id).toBe(b.user.id);

    const events = await db()
      .select()
      .from(notifications)
      .where(eq(notifications.userId, b.user.id));
    expect(events).toHaveLength(2);
    expect(events[0]).toMatchObject({ kind: 'private_message', actorId: a.user.id });
    expect(events.map((e) => (e.data as Record<string, string>).excerpt).sort()).toEqual([
      'Also the bowl?',
      'Is the blue mug still available?',
    ]);
    // One digest mail is scheduled for both (the batch of SOCIAL_LIMITS.notificationBatchMs).
    const digests = await db()
      .select()
      .from(jobs)
      .where(eq(jobs.dedupeKey, `${digestJob.name}:${b.user.id}`));
    expect(digests).toHaveLength(1);
  });

  it('a public message notifies nobody', async () => {
    const a = await signedInUser(t.deps);
    await sendMessage(t, a.token, { text: 'Hello world' });
    const events = await db().select().from(notifications).where(eq(notifications.actorId, a.user.id));
    expect(events).toEqual([]);
  });

  it('refuses bad input with a readable 400 and writes nothing', async () => {
    const a = await signedInUser(t.deps);
    const before = await countMessages();
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ text: '' }, /text: Write a message first\./],
      [{ text: '    ' }, /text: Write a message first\./],
      [{}, /text: This field is required\./],
      [{ text: 'x'.repeat(SOCIAL_LIMITS.messageMax + 1) }, /at most 1,000 characters/],
      [{ text: 'ok', _tags: ['a', 'b', 'c', 'd', 'e', 'f'] }, /Add at most 5 tags\./],
      [{ text: 'ok', _tags: ['x'.repeat(31)] }, /at most 30 characters/],
      [{ text: 'ok', _tags: [''] }, /Tags cannot be empty\./],
      [{ text: 'nul \u0000 here' }, /invisible control characters/],
      [{ text: 'ok', medias: [] }, /new message has no images to keep/],
      [{ text: 'ok', _id: 'not-an-id' }, /_id: Must be a message id\./],
    ];
    for (const [message, pattern] of cases) {
      const res = await putMessage(t, a.token, message);
      expect(res.statusCode, JSON.stringify(message).slice(0, 60)).toBe(400);
      expect(res.json().message).toMatch(pattern);
    }
    const missing = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/messages',
      headers: a.auth,
      payload: { text: 'no wrapper' },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('message: This field is required.');
    expect(await countMessages()).toBe(before);
  });

  it('accepts exactly the longest text', async () => {
    const a = await signedInUser(t.deps);
    const m = await sendMessage(t, a.token, { text: 'y'.repeat(SOCIAL_LIMITS.messageMax) });
    expect(m.text).toHaveLength(SOCIAL_LIMITS.messageMax);
  });

  it('refuses a message to myself (400), to unknown or suspended members (404), across a block (403)', async () => {
    const a = await signedInUser(t.deps);
    const b = await signedInUser(t.deps);
    const c = await signedInUser(t.deps);
    const d = await signedInUser(t.deps);
    const before = await countMessages();

    const self = await putMessage(t, a.token, { text: 'hi me', recipient: a.user.username });
    expect(self.statusCode).toBe(400);
    expect(self.json()).toMatchObject({ code: 'SELF_ACTION' });
    expect(self.json().message).toMatch(/cannot send a private message to yourself/);

    for (const recipient of ['nobody-has-this-name', '00000000-0000-4000-8000-000000000000']) {
      const res = await putMessage(t, a.token, { text: 'hi', recipient });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'USER_NOT_FOUND' });
    }

    await setStatus(t, b.user.id, 'suspended');
    const suspended = await putMessage(t, a.token, { text: 'hi', recipient: b.user.username });
    expect(suspended.statusCode).toBe(404);

    await block(t, c.user.id, a.user.id); // c blocked a
    const blocked = await putMessage(t, a.token, { text: 'hi', recipient: c.user.username });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toMatchObject({ code: 'BLOCKED' });

    await block(t, a.user.id, d.user.id); // a blocked d: a cannot write to d either
    const blocker = await putMessage(t, a.token, { text: 'hi', recipient: d.user.id });
    expect(blocker.statusCode).toBe(403);

    expect(await countMessages()).toBe(before);
    const events = await db().select().from(notifications).where(eq(notifications.actorId, a.user.id));
    expect(events).toEqual([]);
  });

  it('answers 401 to anonymous callers', async () => {
    const res = await putMessage(t, undefined, { text: 'hello' });
    expect(res.statusCode).toBe(401);
  });
});

describe('PUT /messages: updating', () => {
  it('updates the text and tags of my own message, keeping its audience', async () => {
    const a = await signedInUser(t.deps);
    const b = await signedInUser(t.deps);
    const pub = await sendMessage(t, a.token, { text: 'first', _tags: ['one'] });
    t.advanceTime(1000);
    const res = await putMessage(t, a.token, { _id: pub._id, text: 'second', _tags: ['Two'] });
    expect(res.statusCode).toBe(200);
    const updated = res.json().message;
    expect(updated).toMatchObject({ _id: pub._id, text: 'second', _tags: ['two'], recipient: null });
    expect(Date.parse(updated.updatedAt)).toBeGreaterThan(Date.parse(pub.updatedAt));
    expect(updated.createdAt).toBe(pub.createdAt);

    // Tags left out are kept.
    const again = await sendMessage(t, a.token, { _id: pub._id, text: 'third' });
    expect(again._tags).toEqual(['two']);

    const priv = await sendMessage(t, a.token, { text: 'psst', recipient: b.user.username });
    const edited = await sendMessage(t, a.token, { _id: priv._id, text: 'psst, edited', recipient: b.user.id });
    expect(edited).toMatchObject({ text: 'psst, edited', recipient: { _id: b.user.id } });
  });

  it('never changes who a message is for', async () => {
    const a = await signedInUser(t.deps);
    const b = await signedInUser(t.deps);
    const c = await signedInUser(t.deps);
    const pub = await sendMessage(t, a.token, { text: 'public' });
    const priv = await sendMessage(t, a.token, { text: 'private', recipient: b.user.username });

    const toPrivate = await putMessage(t, a.token, { _id: pub._id, text: 'now private?', recipient: b.user.username });
    expect(toPrivate.statusCode).toBe(400);
    expect(toPrivate.json().message).toMatch(/public message cannot become private/);

    const moved = await putMessage(t, a.token, { _id: priv._id, text: 'to c?', recipient: c.user.username });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().message).toMatch(/cannot be moved to another member/);

    expect((await rowOf(pub._id))).toMatchObject({ text: 'public', recipientId: null });
    expect((await rowOf(priv._id))).toMatchObject({ text: 'private', recipientId: b.user.id });
  });

  it("refuses someone else's message (403), an unknown id (404), a private one I am not part of (404)", async () => {
    const a = await signedInUser(t.deps);
    const b = await signedInUser(t.deps);
    const c = await signedInUser(t.deps);
    const pub = await sendMessage(t, a.token, { text: 'mine' });
    const priv = await sendMessage(t, a.token, { text: 'to b', recipient: b.user.username });

    const other = await putMessage(t, b.token, { _id: pub._id, text: 'hijacked' });
    expect(other.statusCode).toBe(403);
    expect(other.json()).toMatchObject({ code: 'NOT_AUTHOR' });
    // The recipient did not write it either.
    const recipient = await putMessage(t, b.token, { _id: priv._id, text: 'rewritten' });
    expect(recipient.statusCode).toBe(403);
    // A third member is told it does not exist.
    const third = await putMessage(t, c.token, { _id: priv._id, text: 'rewritten' });
    expect(third.statusCode).toBe(404);
    expect(third.json()).toMatchObject({ code: 'MESSAGE_NOT_FOUND' });
    const unknown = await putMessage(t, a.token, { _id: '00000000-0000-4000-8000-000000000000', text: 'x' });
    expect(unknown.statusCode).toBe(404);
    // Moderators delete messages; they do not rewrite them.
    const mod = await signedInUser(t.deps, { role: 'moderator' });
    expect((await putMessage(t, mod.token, { _id: pub._id, text: 'moderated' })).statusCode).toBe(403);

    expect(await rowOf(pub._id)).toMatchObject({ text: 'mine' });
    expect(await rowOf(priv._id)).toMatchObject({ text: 'to b' });
  });

  it('refuses to edit a private message once either member has blocked the other', async () => {
    const a = await signedInUser(t.deps);
    const b = await signedInUser(t.deps);
    const priv = await sendMessage(t, a.token, { text: 'before the block', recipient: b.user.username });
    await block(t, b.user.id, a.user.id);
    const res = await putMessage(t, a.token, { _id: priv._id, text: 'after the block' });
    expect(res.statusCode).toBe(403);
    expect(await rowOf(priv._id)).toMatchObject({ text: 'before the block' });
  });
});

describe('PUT /messages: rate limit', () => {
  it('allows 30 messages per member in 10 minutes, then answers 429 and writes nothing', async () => {
    const a = await signedInUser(t.deps);
    const b = await signedInUser(t.deps);
    for (let i = 0; i < 30; i++) await sendMessage(t, a.token, { text: `message ${i}` });
    const before = await countMessages();
    const res = await putMessage(t, a.token, { text: 'one too many' });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(res.json().message).toMatch(/Please wait/);
    expect(await countMessages()).toBe(before);
    // Another member is not affected.
    expect((await putMessage(t, b.token, { text: 'still fine' })).statusCode).toBe(200);
  });
});
