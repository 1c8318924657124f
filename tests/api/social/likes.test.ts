import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productLikes, products, userLikes, users } from '../../../src/server/db/schema';
import { productListResponse } from '../../../src/shared/contracts/catalog';
import {
  productLikeResponse,
  socialUsersResponse,
  userLikeResponse,
} from '../../../src/shared/contracts/social';
import { createTestApp, type TestApp } from '../../helpers/app';
import { createUser, signedInUser } from '../../factories/accounts';
import { createProduct } from '../../factories/catalog';
import { block, likeProduct, likeUser, ok, socialGet } from '../../factories/social';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const db = () => t.deps.database.db;

/** The like rows of a post and the count on the post: always equal. */
async function productLikesOf(productId: string) {
  const [row] = await db()
    .select({
      count: products.likesCount,
      rows: sql<number>`(select count(*)::int from ${productLikes} where ${productLikes.productId} = ${products.id})`,
    })
    .from(products)
    .where(eq(products.id, productId));
  return { rows: Number(row!.rows), count: row!.count };
}

describe('POST /products/like', () => {
  it('likes and unlikes (a toggle), the count following the like rows', async () => {
    const seller = await signedInUser(t.deps);
    const buyer = await signedInUser(t.deps);
    const other = await signedInUser(t.deps);
    const post = await createProduct(t, seller.user);

    const first = productLikeResponse.parse(ok(await likeProduct(t, buyer.auth, post._id)));
    expect(first).toMatchObject({ liked: true, product: { _id: post._id, likesCount: 1 } });
    const second = ok(await likeProduct(t, other.auth, post._id));
    expect(second).toMatchObject({ liked: true, product: { likesCount: 2 } });
    const back = ok(await likeProduct(t, buyer.auth, post._id));
    expect(back).toMatchObject({ liked: false, product: { likesCount: 1 } });
    expect(await productLikesOf(post._id)).toEqual({ rows: 1, count: 1 });

    // The public post shows the count too.
    const read = ok<{ product: { likesCount: number } }>(
      await socialGet(t, `/products/${post._id}`),
    );
    expect(read.product.likesCount).toBe(1);
  });

  it('answers 401 signed out, 400 for a bad id or one’s own post, 404 for unknown or unlisted posts — and changes nothing', async () => {
    const seller = await signedInUser(t.deps);
    const buyer = await signedInUser(t.deps);
    const post = await createProduct(t, seller.user);
    const draft = await createProduct(t, seller.user, { status: 'draft' });
    const hidden = await createProduct(t, seller.user);
    await db().update(products).set({ sellerHidden: true }).where(eq(products.id, hidden._id));

    const anonymous = await likeProduct(t, undefined, post._id);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().message).toBe('Please log in to do that.');

    const bad = await likeProduct(t, buyer.auth, 'not-an-id');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('id: Must be a post id.');

    const own = await likeProduct(t, seller.auth, post._id);
    expect(own.statusCode).toBe(400);
    expect(own.json()).toMatchObject({
      code: 'SELF_ACTION',
      message: 'You cannot like your own post.',
    });

    for (const id of [UNKNOWN, draft._id, hidden._id]) {
      const res = await likeProduct(t, buyer.auth, id);
      expect(res.statusCode, id).toBe(404);
      expect(res.json().code).toBe('PRODUCT_NOT_FOUND');
    }
    for (const p of [post, draft, hidden]) {
      expect(await productLikesOf(p._id), p._id).toEqual({ rows: 0, count: 0 });
    }
  });

  it('refuses with 403 when either has blocked the other', async () => {
    const seller = await signedInUser(t.deps);
    const buyer = await signedInUser(t.deps);
    const post = await createProduct(t, seller.user);
    ok(await block(t, seller.auth, buyer.user.id));
    const refused = await likeProduct(t, buyer.auth, post._id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('BLOCKED');
    // The other way round too.
    const post2 = await createProduct(t, buyer.user);
    expect((await likeProduct(t, seller.auth, post2._id)).statusCode).toBe(403);
    expect(await productLikesOf(post._id)).toEqual({ rows: 0, count: 0 });
  });
});

describe('POST /users/like', () => {
  it('likes and unlikes a member, the answer carrying their new likesCount', async () => {
    const maker = await signedInUser(t.deps);
    const fan = await signedInUser(t.deps);
    const liked = userLikeResponse.parse(ok(await likeUser(t, fan.auth, maker.user.id)));
    expect(liked).toMatchObject({ liked: true, user: { _id: maker.user.id, likesCount: 1 } });
    expect(JSON.stringify(liked)).not.toContain(maker.user.email);
    const profile = ok<{ user: { likesCount: number } }>(
      await socialGet(t, `/users/${maker.user.id}`),
    );
    expect(profile.user.likesCount).toBe(1);
    const unliked = ok(await likeUser(t, fan.auth, maker.user.id));
    expect(unliked).toMatchObject({ liked: false, user: { likesCount: 0 } });
    const rows = await db()
      .select()
      .from(userLikes)
      .where(eq(userLikes.likedUserId, maker.user.id));
    expect(rows).toHaveLength(0);
  });

  it('refuses oneself (400), unknown, suspended and unactivated members (404), blocked (403), anonymous (401)', async () => {
    const fan = await signedInUser(t.deps);
    const suspended = await createUser(t.deps);
    await db().update(users).set({ status: 'suspended' }).where(eq(users.id, suspended.user.id));
    const inactive = await createUser(t.deps, { activated: false });
    const blocker = await signedInUser(t.deps);
    ok(await block(t, blocker.auth, fan.user.id));

    const self = await likeUser(t, fan.auth, fan.user.id);
    expect(self.statusCode).toBe(400);
    expect(self.json()).toMatchObject({
      code: 'SELF_ACTION',
      message: 'You cannot like yourself.',
    });
    for (const id of [UNKNOWN, suspended.user.id, inactive.user.id]) {
      const res = await likeUser(t, fan.auth, id);
      expect(res.statusCode, id).toBe(404);
      expect(res.json().message).toBe('This user could not be found.');
    }
    expect((await likeUser(t, fan.auth, blocker.user.id)).statusCode).toBe(403);
    expect((await likeUser(t, undefined, blocker.user.id)).statusCode).toBe(401);
    const [row] = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(userLikes)
      .where(eq(userLikes.userId, fan.user.id));
    expect(Number(row!.n)).toBe(0);
    const [counts] = await db()
      .select({ likes: sql<number>`sum(${users.likesCount})::int` })
      .from(users)
      .where(sql`${users.id} in (${suspended.user.id}, ${inactive.user.id}, ${blocker.user.id})`);
    expect(Number(counts!.likes)).toBe(0);
  });
});

describe('favorite ids and lists', () => {
  it('lists my liked ids, my liked posts still listed (newest like first) and liked members', async () => {
    const sellerA = await signedInUser(t.deps);
    const sellerB = await signedInUser(t.deps);
    const me = await signedInUser(t.deps);
    const p1 = await createProduct(t, sellerA.user, { title: 'Liked first' });
    const p2 = await createProduct(t, sellerB.user, { title: 'Liked second' });
    const p3 = await createProduct(t, sellerA.user, { title: 'Liked third, then archived' });
    for (const p of [p1, p2, p3]) {
      ok(await likeProduct(t, me.auth, p._id));
      t.advanceTime(1000);
    }
    ok(await likeUser(t, me.auth, sellerA.user.id));
    t.advanceTime(1000);
    ok(await likeUser(t, me.auth, sellerB.user.id));
    ok(
      await t.app.inject({
        method: 'PATCH',
        url: '/api/v1/products/status',
        headers: sellerA.auth,
        payload: { id: p3._id, status: 'archived' },
      }),
    );

    const ids = ok(await socialGet(t, '/products/favoriteIds', me.auth));
    expect(ids).toEqual({ likedProductIds: [p3._id, p2._id, p1._id] });
    const userIds = ok(await socialGet(t, '/users/favoriteIds', me.auth));
    expect(userIds).toEqual({ likedUserIds: [sellerB.user.id, sellerA.user.id] });

    const list = productListResponse.parse(ok(await socialGet(t, '/products/favorites', me.auth)));
    expect(list.products.map((p) => p.title)).toEqual(['Liked second', 'Liked first']);
    expect(list).toMatchObject({ recordsCount: 2, totalProducts: 2 });
    expect(list.products[0]!.user.username).toBe(sellerB.user.username);

    const paged = ok<{ products: { title: string }[]; recordsCount: number }>(
      await socialGet(t, '/products/favorites/?page=2&limit=1', me.auth),
    );
    expect(paged.products.map((p) => p.title)).toEqual(['Liked first']);
    expect(paged.recordsCount).toBe(2);

    const likedUsers = socialUsersResponse.parse(
      ok(await socialGet(t, '/users/favorites', me.auth)),
    );
    expect(likedUsers.users.map((u) => u._id)).toEqual([sellerB.user.id, sellerA.user.id]);
    expect(likedUsers.recordsCount).toBe(2);
    expect(likedUsers.users[1]).toMatchObject({
      likesCount: 1,
      followersCount: 0,
      followingCount: 0,
    });
  });

  it('hides posts and members blocked either way from my favourites', async () => {
    const seller = await signedInUser(t.deps);
    const me = await signedInUser(t.deps);
    const post = await createProduct(t, seller.user);
    ok(await likeProduct(t, me.auth, post._id));
    ok(await likeUser(t, me.auth, seller.user.id));
    ok(await block(t, seller.auth, me.user.id));
    const list = ok<{ products: unknown[]; recordsCount: number }>(
      await socialGet(t, '/products/favorites', me.auth),
    );
    expect(list).toMatchObject({ products: [], recordsCount: 0 });
    const likedUsers = ok(await socialGet(t, '/users/favorites', me.auth));
    expect(likedUsers).toEqual({ users: [], recordsCount: 0 });
    // The like itself stays (the ids list is mine), until I take it back.
    const ids = ok<{ likedProductIds: string[] }>(
      await socialGet(t, '/products/favoriteIds', me.auth),
    );
    expect(ids.likedProductIds).toContain(post._id);
  });

  it('are for signed-in users only and check page and limit', async () => {
    const me = await signedInUser(t.deps);
    for (const url of [
      '/products/favoriteIds',
      '/users/favoriteIds',
      '/products/favorites',
      '/users/favorites',
    ]) {
      expect((await socialGet(t, url)).statusCode, url).toBe(401);
      expect((await socialGet(t, url, me.auth)).statusCode, url).toBe(200);
    }
    const bad = await socialGet(t, '/products/favorites?limit=1000', me.auth);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('limit: Must be at most 100.');
    const empty = ok(await socialGet(t, '/products/favorites', me.auth));
    expect(empty).toEqual({ products: [], recordsCount: 0, totalProducts: 0 });
  });

  it('keeps like rows and counts in step when a liked post is deleted', async () => {
    const seller = await signedInUser(t.deps);
    const me = await signedInUser(t.deps);
    const post = await createProduct(t, seller.user);
    ok(await likeProduct(t, me.auth, post._id));
    ok(
      await t.app.inject({
        method: 'DELETE',
        url: `/api/v1/products?id=${post._id}`,
        headers: seller.auth,
      }),
    );
    const rows = await db()
      .select()
      .from(productLikes)
      .where(and(eq(productLikes.userId, me.user.id), eq(productLikes.productId, post._id)));
    expect(rows).toHaveLength(0);
    expect(ok(await socialGet(t, '/products/favoriteIds', me.auth))).toEqual({
      likedProductIds: [],
    });
  });
});
