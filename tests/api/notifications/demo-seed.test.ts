import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  comments,
  follows,
  jobs,
  messageLikes,
  messages,
  notifications,
  productLikes,
  products,
  userLikes,
  users,
} from '../../../src/server/db/schema';
import { seedDemo } from '../../../src/server/composition/setup';
import { createTestApp, type TestApp } from '../../helpers/app';

/**
 * The demo's social data (src/server/demo/social.ts): follows, likes whose counts match their
 * rows, reviewed and waiting comments, public and private messages — and no email about any of it.
 */
let t: TestApp;
const ids = new Map<string, string>();

// Seeding processes every demo photo: the allowance of the other demo seed tests.
beforeAll(async () => {
  t = await createTestApp();
  expect(await seedDemo(t.deps)).toBe(true);
  for (const u of await t.deps.database.db.select().from(users)) ids.set(u.username, u.id);
}, 120_000);
afterAll(() => t?.close());

const db = () => t.deps.database.db;
const name = (id: string) => [...ids].find(([, v]) => v === id)?.[0];

describe('the demo seed’s social data', () => {
  it('has sam following maya and leo, and maya following leo', async () => {
    const rows = await db().select().from(follows);
    expect(rows.map((f) => `${name(f.followerId)}→${name(f.followeeId)}`).sort()).toEqual([
      'maya→leo',
      'sam→leo',
      'sam→maya',
    ]);
  });

  it('keeps every like count equal to its like rows', async () => {
    const postCounts = await db()
      .select({
        id: products.id,
        stored: products.likesCount,
        counted: sql<number>`(select count(*)::int from ${productLikes} where ${productLikes.productId} = ${products.id})`,
      })
      .from(products);
    expect(postCounts.every((p) => p.stored === p.counted)).toBe(true);
    expect(postCounts.filter((p) => p.stored > 0).length).toBeGreaterThanOrEqual(2);

    const samLikes = await db()
      .select({ sellerId: products.userId })
      .from(productLikes)
      .innerJoin(products, eq(products.id, productLikes.productId))
      .where(eq(productLikes.userId, ids.get('sam')!));
    expect(samLikes.map((l) => name(l.sellerId))).toEqual(['maya', 'maya']);

    const userCounts = await db()
      .select({
        id: users.id,
        stored: users.likesCount,
        counted: sql<number>`(select count(*)::int from ${userLikes} where ${userLikes.likedUserId} = ${users.id})`,
      })
      .from(users);
    expect(userCounts.every((u) => u.stored === u.counted)).toBe(true);
    const [samLikesLeo] = await db()
      .select({ n: count() })
      .from(userLikes)
      .where(
        sql`${userLikes.userId} = ${ids.get('sam')} and ${userLikes.likedUserId} = ${ids.get('leo')}`,
      );
    expect(samLikesLeo!.n).toBe(1);

    const messageCounts = await db()
      .select({
        stored: messages.likesCount,
        counted: sql<number>`(select count(*)::int from ${messageLikes} where ${messageLikes.messageId} = ${messages.id})`,
      })
      .from(messages);
    expect(messageCounts.every((m) => m.stored === m.counted)).toBe(true);
  });

  it('has accepted comments with a reply on a maya post, and one waiting for her review', async () => {
    const rows = await db().select().from(comments);
    const maya = ids.get('maya')!;
    expect(rows.every((c) => c.productOwnerId === maya)).toBe(true);
    const accepted = rows.filter((c) => c.status === 'accepted');
    expect(accepted.length).toBeGreaterThanOrEqual(2);
    expect(accepted.every((c) => c.decidedBy === maya && c.decidedAt !== null)).toBe(true);
    const reply = accepted.find((c) => c.replyTo !== null);
    expect(accepted.map((c) => c.id)).toContain(reply!.replyTo);
    const pending = rows.filter((c) => c.status === 'pending');
    expect(pending).toHaveLength(1);
    expect(pending[0]!.decidedBy).toBeNull();
    // Every comment is on a published post.
    const posts = await db().select({ id: products.id, status: products.status }).from(products);
    for (const c of rows) expect(posts.find((p) => p.id === c.productId)?.status).toBe('published');
  });

  it('has tagged public messages by maya and leo, and a sam–maya conversation with one unread', async () => {
    const rows = await db().select().from(messages);
    const publicOnes = rows.filter((m) => m.recipientId === null);
    expect(new Set(publicOnes.map((m) => name(m.userId)))).toEqual(new Set(['maya', 'leo']));
    expect(publicOnes.every((m) => m.tags.length > 0)).toBe(true);
    const privateOnes = rows.filter((m) => m.recipientId !== null);
    expect(privateOnes.map((m) => `${name(m.userId)}→${name(m.recipientId!)}`).sort()).toEqual([
      'maya→sam',
      'sam→maya',
    ]);
    expect(privateOnes.filter((m) => m.readAt === null)).toHaveLength(1);
  });

  it('records no notification and schedules no digest', async () => {
    expect(await db().select().from(notifications)).toEqual([]);
    const digests = await db().select().from(jobs).where(eq(jobs.name, 'notifications.digest'));
    expect(digests).toEqual([]);
  });
});
