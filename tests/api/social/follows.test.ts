import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { follows, notifications, products, users } from '../../../src/server/db/schema';
import { publicSiteSchema } from '../../../src/shared/contracts/sites';
import {
  followStateResponse,
  followingPostsResponse,
  socialUserSchema,
  socialUsersResponse,
} from '../../../src/shared/contracts/social';
import { publicProfileSchema } from '../../../src/shared/contracts/accounts';
import { createTestApp, type TestApp } from '../../helpers/app';
import { createUser, signedInUser } from '../../factories/accounts';
import { createProduct } from '../../factories/catalog';
import {
  block,
  follow,
  followState,
  likeProduct,
  likeUser,
  ok,
  socialGet,
} from '../../factories/social';
import { onContentChange, type ContentChange } from '../../../src/server/modules/core';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const db = () => t.deps.database.db;

async function followRows(followerId: string) {
  return db().select().from(follows).where(eq(follows.followerId, followerId));
}

describe('POST /users/follow', () => {
  it('follows and unfollows (a toggle) with the follower count, and notifies the new follow', async () => {
    const maya = await signedInUser(t.deps);
    const sam = await signedInUser(t.deps);
    const leo = await signedInUser(t.deps);

    expect(ok(await follow(t, sam.auth, maya.user.id))).toEqual({
      following: true,
      followersCount: 1,
    });
    expect(ok(await follow(t, leo.auth, maya.user.id))).toEqual({
      following: true,
      followersCount: 2,
    });
    expect(ok(await follow(t, sam.auth, maya.user.id))).toEqual({
      following: false,
      followersCount: 1,
    });
    expect(await followRows(sam.user.id)).toHaveLength(0);

    const events = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, maya.user.id), eq(notifications.kind, 'new_follower')));
    expect(events.map((e) => e.actorId).sort()).toEqual([sam.user.id, leo.user.id].sort());
  });

  it('refuses oneself (400), unknown and suspended members (404), anonymous (401), blocked either way (403) — changing nothing', async () => {
    const me = await signedInUser(t.deps);
    const suspended = await createUser(t.deps);
    await db().update(users).set({ status: 'suspended' }).where(eq(users.id, suspended.user.id));
    const blocker = await signedInUser(t.deps);
    const blockedByMe = await signedInUser(t.deps);
    ok(await block(t, blocker.auth, me.user.id));
    ok(await block(t, me.auth, blockedByMe.user.id));

    const self = await follow(t, me.auth, me.user.id);
    expect(self.statusCode).toBe(400);
    expect(self.json()).toMatchObject({
      code: 'SELF_ACTION',
      message: 'You cannot follow yourself.',
    });
    for (const id of [UNKNOWN, suspended.user.id]) {
      const res = await follow(t, me.auth, id);
      expect(res.statusCode, id).toBe(404);
      expect(res.json().code).toBe('USER_NOT_FOUND');
    }
    for (const id of [blocker.user.id, blockedByMe.user.id]) {
      const res = await follow(t, me.auth, id);
      expect(res.statusCode, id).toBe(403);
      expect(res.json().message).toMatch(/blocked/);
    }
    expect((await follow(t, undefined, blocker.user.id)).statusCode).toBe(401);
    const bad = await follow(t, me.auth, 'nope');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('id: Must be a user id.');
    expect(await followRows(me.user.id)).toHaveLength(0);
    const events = await db()
      .select()
      .from(notifications)
      .where(eq(notifications.actorId, me.user.id));
    expect(events).toHaveLength(0);
  });
});

describe('GET /users/follow-state/:id', () => {
  it('tells both directions, the counts, my like and my block; signed out it still answers', async () => {
    const maya = await signedInUser(t.deps);
    const sam = await signedInUser(t.deps);
    ok(await follow(t, sam.auth, maya.user.id));
    ok(await likeUser(t, sam.auth, maya.user.id));

    const mine = followStateResponse.parse(ok(await followState(t, maya.user.id, sam.auth)));
    expect(mine).toEqual({
      following: true,
      followedBy: false,
      followersCount: 1,
      followingCount: 0,
      liked: true,
      blocked: false,
    });
    const hers = ok(await followState(t, sam.user.id, maya.auth));
    expect(hers).toEqual({
      following: false,
      followedBy: true,
      followersCount: 0,
      followingCount: 1,
      liked: false,
      blocked: false,
    });
    const anonymous = ok(await followState(t, maya.user.id));
    expect(anonymous).toEqual({
      following: false,
      followedBy: false,
      followersCount: 1,
      followingCount: 0,
      liked: false,
      blocked: false,
    });
    ok(await block(t, sam.auth, maya.user.id));
    expect(ok(await followState(t, maya.user.id, sam.auth))).toEqual({
      following: false,
      followedBy: false,
      followersCount: 0,
      followingCount: 0,
      liked: true,
      blocked: true,
    });
  });

  it('is 404 for unknown, malformed and suspended members', async () => {
    const suspended = await createUser(t.deps);
    await db().update(users).set({ status: 'suspended' }).where(eq(users.id, suspended.user.id));
    for (const id of [UNKNOWN, 'not-a-uuid', suspended.user.id]) {
      const res = await followState(t, id);
      expect(res.statusCode, id).toBe(404);
      expect(res.json().message).toBe('This user could not be found.');
    }
  });
});

describe('GET /users/following', () => {
  it('lists the members I follow, newest first, and answers one of them by id', async () => {
    const me = await signedInUser(t.deps);
    const a = await signedInUser(t.deps, { name: 'Followed first' });
    const b = await signedInUser(t.deps, { name: 'Followed second' });
    const notFollowed = await signedInUser(t.deps);
    ok(await follow(t, me.auth, a.user.id));
    t.advanceTime(1000);
    ok(await follow(t, me.auth, b.user.id));

    const list = socialUsersResponse.parse(ok(await socialGet(t, '/users/following', me.auth)));
    expect(list.users.map((u) => u.name)).toEqual(['Followed second', 'Followed first']);
    expect(list.recordsCount).toBe(2);
    expect(list.users[0]).toMatchObject({ followersCount: 1, followingCount: 0 });
    expect(JSON.stringify(list)).not.toContain(a.user.email);

    const page2 = ok(await socialGet(t, '/users/following?page=2&limit=1', me.auth));
    expect(page2).toMatchObject({ users: [{ _id: a.user.id }], recordsCount: 2 });

    const one = socialUserSchema.parse(
      ok(await socialGet(t, `/users/following?id=${a.user.id}`, me.auth)),
    );
    expect(one).toMatchObject({ _id: a.user.id, name: 'Followed first', followersCount: 1 });
    const no = await socialGet(t, `/users/following?id=${notFollowed.user.id}`, me.auth);
    expect(no.statusCode).toBe(404);
    const bad = await socialGet(t, '/users/following?id=x', me.auth);
    expect(bad.statusCode).toBe(400);
    expect((await socialGet(t, '/users/following')).statusCode).toBe(401);
  });

  it('leaves out suspended members', async () => {
    const me = await signedInUser(t.deps);
    const a = await signedInUser(t.deps);
    ok(await follow(t, me.auth, a.user.id));
    await db().update(users).set({ status: 'suspended' }).where(eq(users.id, a.user.id));
    expect(ok(await socialGet(t, '/users/following', me.auth))).toEqual({
      users: [],
      recordsCount: 0,
    });
    expect((await socialGet(t, `/users/following?id=${a.user.id}`, me.auth)).statusCode).toBe(404);
  });
});

describe('GET /products/following (the feed)', () => {
  it('lists the listed posts of the members I follow, newest first, with and without the trailing slash', async () => {
    const me = await signedInUser(t.deps);
    const maya = await signedInUser(t.deps);
    const leo = await signedInUser(t.deps);
    const stranger = await signedInUser(t.deps);
    await createProduct(t, maya.user, { title: 'Maya old' });
    t.advanceTime(1000);
    await createProduct(t, leo.user, { title: 'Leo new' });
    t.advanceTime(1000);
    await createProduct(t, maya.user, { title: 'Maya draft', status: 'draft' });
    await createProduct(t, stranger.user, { title: 'Stranger' });
    const hidden = await createProduct(t, leo.user, { title: 'Leo hidden' });
    await db().update(products).set({ sellerHidden: true }).where(eq(products.id, hidden._id));
    t.advanceTime(1000);
    await createProduct(t, maya.user, { title: 'Maya newest' });
    await createProduct(t, me.user, { title: 'My own' });

    const empty = ok(await socialGet(t, '/products/following/', me.auth));
    expect(empty).toEqual({ posts: [], recordsCount: 0, totalProducts: 0 });

    ok(await follow(t, me.auth, maya.user.id));
    ok(await follow(t, me.auth, leo.user.id));
    for (const url of ['/products/following', '/products/following/']) {
      const feed = followingPostsResponse.parse(ok(await socialGet(t, url, me.auth)));
      expect(
        feed.posts.map((p) => p.title),
        url,
      ).toEqual(['Maya newest', 'Leo new', 'Maya old']);
      expect(feed.recordsCount).toBe(3);
    }
    const page = ok(await socialGet(t, '/products/following/?page=2&limit=2', me.auth));
    expect(page).toMatchObject({ posts: [{ title: 'Maya old' }], recordsCount: 3 });
    expect((await socialGet(t, '/products/following/')).statusCode).toBe(401);
  });
});

describe('follower counts on the member’s pages', () => {
  it('shows followers and following on the site owner and the public profile', async () => {
    const maya = await signedInUser(t.deps);
    const sam = await signedInUser(t.deps);
    const leo = await signedInUser(t.deps);
    ok(await follow(t, sam.auth, maya.user.id));
    ok(await follow(t, leo.auth, maya.user.id));
    ok(await follow(t, maya.auth, leo.user.id));

    const site = publicSiteSchema.parse(
      ok(await socialGet(t, `/sites?username=${maya.user.username}`)),
    );
    expect(site.owner).toMatchObject({ followersCount: 2, followingCount: 1 });
    const profile = ok<{ user: unknown }>(await socialGet(t, `/users/${maya.user.id}`));
    expect(publicProfileSchema.strict().parse(profile.user)).toMatchObject({
      followersCount: 2,
      followingCount: 1,
    });
  });

  it('announces every toggle to the caches of the pages it changes (after the commit): counts soft, a block hard', async () => {
    const maya = await signedInUser(t.deps);
    const sam = await signedInUser(t.deps);
    const post = await createProduct(t, maya.user);
    const heard: ContentChange[] = [];
    const stop = onContentChange(t.deps.env, (change) => heard.push(change));
    try {
      ok(await follow(t, sam.auth, maya.user.id));
      expect(heard.pop()).toEqual({
        kind: 'user',
        userIds: [maya.user.id, sam.user.id],
        soft: true,
      });
      ok(await likeProduct(t, sam.auth, post._id));
      expect(heard.pop()).toEqual({ kind: 'user', userIds: [maya.user.id], soft: true });
      ok(await likeUser(t, sam.auth, maya.user.id));
      expect(heard.pop()).toEqual({ kind: 'user', userIds: [maya.user.id], soft: true });
      ok(await block(t, maya.auth, sam.user.id));
      expect(heard.pop()).toEqual({ kind: 'user', userIds: [maya.user.id, sam.user.id] });
      // A refused call announces nothing.
      expect((await follow(t, sam.auth, maya.user.id)).statusCode).toBe(403);
      expect(heard).toEqual([]);
    } finally {
      stop();
    }
  });
});
