import { eq, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blocks, follows, users } from '../../../src/server/db/schema';
import { socialUsersResponse } from '../../../src/shared/contracts/social';
import { createTestApp, type TestApp } from '../../helpers/app';
import { createUser, signedInUser } from '../../factories/accounts';
import { createProduct } from '../../factories/catalog';
import { block, follow, likeProduct, likeUser, ok, socialGet } from '../../factories/social';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const db = () => t.deps.database.db;

describe('POST /users/block', () => {
  it('blocks and unblocks (a toggle); blocking ends follows both ways', async () => {
    const me = await signedInUser(t.deps);
    const pest = await signedInUser(t.deps);
    ok(await follow(t, me.auth, pest.user.id));
    ok(await follow(t, pest.auth, me.user.id));

    expect(ok(await block(t, me.auth, pest.user.id))).toEqual({ blocked: true });
    const left = await db()
      .select()
      .from(follows)
      .where(or(eq(follows.followerId, me.user.id), eq(follows.followerId, pest.user.id)));
    expect(left).toHaveLength(0);

    // The blocked member cannot follow or like the blocker, nor the blocker them.
    expect((await follow(t, pest.auth, me.user.id)).statusCode).toBe(403);
    expect((await likeUser(t, pest.auth, me.user.id)).statusCode).toBe(403);
    const post = await createProduct(t, me.user);
    expect((await likeProduct(t, pest.auth, post._id)).statusCode).toBe(403);
    expect((await follow(t, me.auth, pest.user.id)).statusCode).toBe(403);

    const list = socialUsersResponse.parse(ok(await socialGet(t, '/users/blocked', me.auth)));
    expect(list.users.map((u) => u._id)).toEqual([pest.user.id]);
    expect(list.recordsCount).toBe(1);
    // Being blocked is not shown to the blocked member as a list of theirs.
    expect(ok(await socialGet(t, '/users/blocked', pest.auth))).toEqual({
      users: [],
      recordsCount: 0,
    });

    expect(ok(await block(t, me.auth, pest.user.id))).toEqual({ blocked: false });
    expect(ok(await follow(t, pest.auth, me.user.id))).toEqual({
      following: true,
      followersCount: 1,
    });
    expect(ok(await socialGet(t, '/users/blocked', me.auth))).toEqual({
      users: [],
      recordsCount: 0,
    });
  });

  it('refuses oneself (400), unknown members (404) and anonymous callers (401); unblocks a suspended member', async () => {
    const me = await signedInUser(t.deps);
    const self = await block(t, me.auth, me.user.id);
    expect(self.statusCode).toBe(400);
    expect(self.json()).toMatchObject({
      code: 'SELF_ACTION',
      message: 'You cannot block yourself.',
    });
    expect((await block(t, me.auth, UNKNOWN)).statusCode).toBe(404);
    const other = await createUser(t.deps);
    expect((await block(t, undefined, other.user.id)).statusCode).toBe(401);
    expect(await db().select().from(blocks).where(eq(blocks.blockerId, me.user.id))).toHaveLength(
      0,
    );

    ok(await block(t, me.auth, other.user.id));
    await db().update(users).set({ status: 'suspended' }).where(eq(users.id, other.user.id));
    // Still in my list, so I can take the block back.
    const list = ok<{ users: { _id: string }[] }>(await socialGet(t, '/users/blocked', me.auth));
    expect(list.users.map((u) => u._id)).toEqual([other.user.id]);
    expect(ok(await block(t, me.auth, other.user.id))).toEqual({ blocked: false });
    // A new block of a member who is not public is a 404.
    expect((await block(t, me.auth, other.user.id)).statusCode).toBe(404);
  });

  it('hides the content of members blocked either way from my feed', async () => {
    const me = await signedInUser(t.deps);
    const seller = await signedInUser(t.deps);
    await createProduct(t, seller.user, { title: 'Feed post' });
    ok(await follow(t, me.auth, seller.user.id));
    const feed = ok<{ posts: { title: string }[] }>(
      await socialGet(t, '/products/following', me.auth),
    );
    expect(feed.posts.map((p) => p.title)).toEqual(['Feed post']);
    ok(await block(t, seller.auth, me.user.id));
    expect(ok(await socialGet(t, '/products/following', me.auth))).toEqual({
      posts: [],
      recordsCount: 0,
      totalProducts: 0,
    });
  });
});

describe('rate limits', () => {
  it('limits block toggles per member (100 an hour) with a 429 that says how long to wait', async () => {
    const me = await signedInUser(t.deps);
    const other = await signedInUser(t.deps);
    for (let i = 0; i < 100; i++) ok(await block(t, me.auth, other.user.id));
    const limited = await block(t, me.auth, other.user.id);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(limited.json().message).toMatch(/^Too many attempts\. Please wait \d+ minutes/);
    // 100 toggles: not blocked now, and the refused call changed nothing.
    expect(await db().select().from(blocks).where(eq(blocks.blockerId, me.user.id))).toHaveLength(
      0,
    );
    // Another member is not limited by mine.
    expect((await block(t, other.auth, me.user.id)).statusCode).toBe(200);
  });
});
