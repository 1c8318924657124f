import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageLikes, messages } from '../../../src/server/db/schema';
import { createTestApp, type TestApp } from '../../helpers/app';
import { nextIp, signedInUser } from '../../factories/accounts';
import { sendMessage } from '../../factories/messages';

/**
 * Real PostgreSQL only: the pool has several connections, so parallel likes truly race (PGlite
 * runs one statement at a time). The primary key of message_likes and the count updated in the
 * same transaction keep `likesCount` equal to the number of like rows.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const like = (token: string, id: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/messages/like',
    remoteAddress: nextIp(),
    headers: { 'x-access-token': token },
    payload: { id },
  });

async function counts(id: string) {
  const db = t.deps.database.db;
  const [row] = await db.select({ count: messages.likesCount }).from(messages).where(eq(messages.id, id));
  const [likes] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(messageLikes)
    .where(eq(messageLikes.messageId, id));
  return { count: row!.count, rows: likes!.n };
}

describe('message likes on PostgreSQL', () => {
  it('parallel likes by many members count each once', async () => {
    expect(t.deps.database.kind).toBe('postgres');
    const author = await signedInUser(t.deps);
    const m = await sendMessage(t, author.token, { text: 'race me' });
    const fans = await Promise.all(Array.from({ length: 12 }, () => signedInUser(t.deps)));
    const answers = await Promise.all(fans.map((f) => like(f.token, m._id)));
    expect(answers.map((r) => r.statusCode)).toEqual(fans.map(() => 200));
    expect(await counts(m._id)).toEqual({ count: 12, rows: 12 });
  });

  it('one member toggling in parallel never double-counts', async () => {
    const author = await signedInUser(t.deps);
    const fan = await signedInUser(t.deps);
    const m = await sendMessage(t, author.token, { text: 'double click' });
    const answers = await Promise.all(Array.from({ length: 8 }, () => like(fan.token, m._id)));
    expect(answers.every((r) => r.statusCode === 200)).toBe(true);
    const after = await counts(m._id);
    expect(after.rows).toBeLessThanOrEqual(1);
    expect(after.count).toBe(after.rows);
    // The answer of the last toggle to commit matches what is stored.
    const final = (await like(fan.token, m._id)).json() as { liked: boolean; message: { likesCount: number } };
    expect(final.message.likesCount).toBe(final.liked ? 1 : 0);
    expect(await counts(m._id)).toEqual({ count: final.liked ? 1 : 0, rows: final.liked ? 1 : 0 });
  });
});
