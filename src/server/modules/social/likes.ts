import { and, desc, eq } from 'drizzle-orm';
import type { ProductList } from '../../../shared/contracts/catalog';
import type {
  ProductLikeResponse,
  SocialUsers,
  UserLikeResponse,
} from '../../../shared/contracts/social';
import { productLikes, products, userLikes, users } from '../../db/schema';
import {
  adjustUserLikes,
  isPublicUser,
  isPublicUserId,
  profileColumns,
  toProfileWithCounts,
} from '../accounts';
import {
  adjustProductLikes,
  findListedProductOwner,
  isListedProduct,
  productWithOwnerColumns,
  toProduct,
} from '../catalog';
import { announceCountsChange, inTransaction, nowDate, toggleRow, type ModuleDeps } from '../core';
import { assertNotBlocked, notBlockedFor } from './blocks';
import { postNotFound, sameId, selfAction, userNotFound } from './errors';
import { countAll, offsetOf, pageAndCount, type PageQuery } from './pages';

/**
 * The most liked ids one answer carries (newest likes first). Far beyond what a person likes by
 * hand; it only bounds the answer of an account that scripted millions of likes.
 */
export const LIKED_IDS_MAX = 10_000;

/**
 * POST /products/like: likes post `productId` for `userId`, or takes the like back (a toggle). The
 * like row and the post's count change in one transaction, and the count moves only by the rows
 * actually inserted or deleted — two parallel likes make one row (the primary key) and one +1.
 * Only listed posts (published, seller not suspended) can be liked (404); not one's own (400);
 * not when either has blocked the other (403).
 */
export async function toggleProductLike(
  deps: ModuleDeps,
  userId: string,
  productId: string,
): Promise<ProductLikeResponse> {
  const done = await inTransaction(deps, async (tx) => {
    const ownerId = await findListedProductOwner(tx.db, productId);
    if (!ownerId) throw postNotFound();
    if (sameId(ownerId, userId)) throw selfAction('likePost');
    await assertNotBlocked(tx.db, userId, ownerId);
    const delta = await toggleRow(
      () =>
        tx.db
          .insert(productLikes)
          .values({ userId, productId, createdAt: nowDate(tx) })
          .onConflictDoNothing()
          .returning({ productId: productLikes.productId }),
      () =>
        tx.db
          .delete(productLikes)
          .where(and(eq(productLikes.userId, userId), eq(productLikes.productId, productId)))
          .returning({ productId: productLikes.productId }),
    );
    const product = await adjustProductLikes(tx.db, productId, delta);
    if (!product) throw postNotFound();
    return { product, liked: delta > 0, ownerId };
  });
  // Lists and the seller's pages show like counts, nothing else moved: a soft change.
  announceCountsChange(deps, 'user', [done.ownerId]);
  return { product: done.product, liked: done.liked };
}

/**
 * POST /users/like: likes member `likedUserId`, or takes the like back (toggle), with the same
 * guarantees as a post's like. Only public members (activated, not suspended) can be liked.
 */
export async function toggleUserLike(
  deps: ModuleDeps,
  userId: string,
  likedUserId: string,
): Promise<UserLikeResponse> {
  if (sameId(userId, likedUserId)) throw selfAction('likeUser');
  const done = await inTransaction(deps, async (tx) => {
    if (!(await isPublicUserId(tx.db, likedUserId))) throw userNotFound();
    await assertNotBlocked(tx.db, userId, likedUserId);
    const delta = await toggleRow(
      () =>
        tx.db
          .insert(userLikes)
          .values({ userId, likedUserId, createdAt: nowDate(tx) })
          .onConflictDoNothing()
          .returning({ likedUserId: userLikes.likedUserId }),
      () =>
        tx.db
          .delete(userLikes)
          .where(and(eq(userLikes.userId, userId), eq(userLikes.likedUserId, likedUserId)))
          .returning({ likedUserId: userLikes.likedUserId }),
    );
    const user = await adjustUserLikes(tx.db, likedUserId, delta);
    if (!user) throw userNotFound();
    return { user, liked: delta > 0 };
  });
  announceCountsChange(deps, 'user', [likedUserId]);
  return done;
}

/** GET /products/favoriteIds: the posts I like, newest like first (the primary key's index). */
export async function likedProductIds(deps: Pick<ModuleDeps, 'db'>, userId: string) {
  const rows = await deps.db
    .select({ id: productLikes.productId })
    .from(productLikes)
    .where(eq(productLikes.userId, userId))
    .orderBy(desc(productLikes.createdAt), desc(productLikes.productId))
    .limit(LIKED_IDS_MAX);
  return { likedProductIds: rows.map((r) => r.id) };
}

/** GET /users/favoriteIds: the members I like, newest like first. */
export async function likedUserIds(deps: Pick<ModuleDeps, 'db'>, userId: string) {
  const rows = await deps.db
    .select({ id: userLikes.likedUserId })
    .from(userLikes)
    .where(eq(userLikes.userId, userId))
    .orderBy(desc(userLikes.createdAt), desc(userLikes.likedUserId))
    .limit(LIKED_IDS_MAX);
  return { likedUserIds: rows.map((r) => r.id) };
}

/**
 * GET /products/favorites: the posts I like that are still listed, newest like first, each with
 * its seller (one statement per page, and one count). Posts of members blocked either way are left
 * out.
 */
export async function listFavoriteProducts(
  deps: Pick<ModuleDeps, 'db'>,
  userId: string,
  query: PageQuery,
): Promise<ProductList> {
  const where = and(
    eq(productLikes.userId, userId),
    isListedProduct,
    notBlockedFor(userId, products.userId),
  );
  const { rows, recordsCount } = await pageAndCount(
    deps.db
      .select(productWithOwnerColumns)
      .from(productLikes)
      .innerJoin(products, eq(products.id, productLikes.productId))
      .innerJoin(users, eq(users.id, products.userId))
      .where(where)
      .orderBy(desc(productLikes.createdAt), desc(productLikes.productId))
      .limit(query.limit)
      .offset(offsetOf(query)),
    deps.db
      .select({ count: countAll })
      .from(productLikes)
      .innerJoin(products, eq(products.id, productLikes.productId))
      .where(where),
  );
  return { products: rows.map(toProduct), recordsCount, totalProducts: recordsCount };
}

/** GET /users/favorites: the public members I like, newest like first, with their counts. */
export async function listFavoriteUsers(
  deps: Pick<ModuleDeps, 'db'>,
  userId: string,
  query: PageQuery,
): Promise<SocialUsers> {
  const where = and(eq(userLikes.userId, userId), isPublicUser, notBlockedFor(userId, users.id));
  const { rows, recordsCount } = await pageAndCount(
    deps.db
      .select(profileColumns)
      .from(userLikes)
      .innerJoin(users, eq(users.id, userLikes.likedUserId))
      .where(where)
      .orderBy(desc(userLikes.createdAt), desc(userLikes.likedUserId))
      .limit(query.limit)
      .offset(offsetOf(query)),
    deps.db
      .select({ count: countAll })
      .from(userLikes)
      .innerJoin(users, eq(users.id, userLikes.likedUserId))
      .where(where),
  );
  return { users: rows.map(toProfileWithCounts), recordsCount };
}
