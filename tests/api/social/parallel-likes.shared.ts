import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { follows, productLikes, products, userLikes, users } from '../../../src/server/db/schema';
import { createTestApp, type TestApp } from '../../helpers/app';
import { signedInUser } from '../../factories/accounts';
import { createProduct } from '../../factories/catalog';
import { follow, likeProduct, likeUser } from '../../factories/social';

const PARALLEL = 20;

/**
 * Likes sent in parallel never double-count (issue 11): a primary key makes one row per pair and
 * the count moves, in the same transaction, only by the rows actually inserted or deleted. Shared
 * by the PGlite run (one connection: transactions take turns) and the PostgreSQL run (a pool:
 * they truly race, and row locks and ON CONFLICT have to keep them apart).
 */
export function parallelLikeTests(database: string) {
  describe(`parallel likes on ${database}`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(async () => t?.close());

    const db = () => t.deps.database.db;
    async function productState(id: string) {
      const [row] = await db()
        .select({
          count: products.likesCount,
          rows: sql<number>`(select count(*)::int from ${productLikes} where ${productLikes.productId} = ${products.id})`,
        })
        .from(products)
        .where(eq(products.id, id));
      return { count: row!.count, rows: Number(row!.rows) };
    }
    async function userState(id: string) {
      const [row] = await db()
        .select({
          count: users.likesCount,
          rows: sql<number>`(select count(*)::int from ${userLikes} where ${userLikes.likedUserId} = ${users.id})`,
        })
        .from(users)
        .where(eq(users.id, id));
      return { count: row!.count, rows: Number(row!.rows) };
    }

    it(`${PARALLEL} likes of one post from one user end with count = like rows (0 or 1)`, async () => {
      const seller = await signedInUser(t.deps);
      const buyer = await signedInUser(t.deps);
      const post = await createProduct(t, seller.user);
      const answers = await Promise.all(
        Array.from({ length: PARALLEL }, () => likeProduct(t, buyer.auth, post._id)),
      );
      expect(answers.map((r) => r.statusCode)).toEqual(Array(PARALLEL).fill(200));
      const state = await productState(post._id);
      expect(state.count).toBe(state.rows);
      expect(state.rows).toBeLessThanOrEqual(1);
      // Every answer told the truth of its moment: a count of 0 or 1, never more.
      for (const res of answers) expect([0, 1]).toContain(res.json().product.likesCount);
    });

    it(`${PARALLEL} users liking one post at once make ${PARALLEL} likes; unliking at once makes 0`, async () => {
      const seller = await signedInUser(t.deps);
      const post = await createProduct(t, seller.user);
      const fans = await Promise.all(Array.from({ length: PARALLEL }, () => signedInUser(t.deps)));
      const liked = await Promise.all(fans.map((f) => likeProduct(t, f.auth, post._id)));
      expect(liked.map((r) => r.statusCode)).toEqual(Array(PARALLEL).fill(200));
      expect(liked.every((r) => r.json().liked === true)).toBe(true);
      expect(await productState(post._id)).toEqual({ count: PARALLEL, rows: PARALLEL });
      // The answers' counts are each distinct: every like saw the ones committed before it.
      const counts = liked.map((r) => r.json().product.likesCount as number).sort((a, b) => a - b);
      expect(counts).toEqual(Array.from({ length: PARALLEL }, (_, i) => i + 1));

      const unliked = await Promise.all(fans.map((f) => likeProduct(t, f.auth, post._id)));
      expect(unliked.every((r) => r.statusCode === 200 && r.json().liked === false)).toBe(true);
      expect(await productState(post._id)).toEqual({ count: 0, rows: 0 });
    });

    it('double clicks from many users at once keep the count equal to the rows', async () => {
      const seller = await signedInUser(t.deps);
      const post = await createProduct(t, seller.user);
      const fans = await Promise.all(Array.from({ length: 10 }, () => signedInUser(t.deps)));
      const answers = await Promise.all(
        fans.flatMap((f) => [1, 2, 3].map(() => likeProduct(t, f.auth, post._id))),
      );
      expect(answers.every((r) => r.statusCode === 200)).toBe(true);
      const state = await productState(post._id);
      expect(state.count).toBe(state.rows);
    });

    it(`${PARALLEL} likes of one member from one user, and from ${PARALLEL} users, count right`, async () => {
      const maker = await signedInUser(t.deps);
      const fan = await signedInUser(t.deps);
      const same = await Promise.all(
        Array.from({ length: PARALLEL }, () => likeUser(t, fan.auth, maker.user.id)),
      );
      expect(same.every((r) => r.statusCode === 200)).toBe(true);
      const once = await userState(maker.user.id);
      expect(once.count).toBe(once.rows);
      expect(once.rows).toBeLessThanOrEqual(1);

      const other = await signedInUser(t.deps);
      const fans = await Promise.all(Array.from({ length: PARALLEL }, () => signedInUser(t.deps)));
      await Promise.all(fans.map((f) => likeUser(t, f.auth, other.user.id)));
      expect(await userState(other.user.id)).toEqual({ count: PARALLEL, rows: PARALLEL });
    });

    it(`${PARALLEL} follows at once from one user make at most one follow, and no error`, async () => {
      const maya = await signedInUser(t.deps);
      const sam = await signedInUser(t.deps);
      const answers = await Promise.all(
        Array.from({ length: PARALLEL }, () => follow(t, sam.auth, maya.user.id)),
      );
      expect(answers.map((r) => r.statusCode)).toEqual(Array(PARALLEL).fill(200));
      const rows = await db().select().from(follows).where(eq(follows.followeeId, maya.user.id));
      expect(rows.length).toBeLessThanOrEqual(1);
    });
  });
}
