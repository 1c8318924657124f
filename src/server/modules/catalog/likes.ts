import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Product } from '../../../shared/contracts/catalog';
import { products } from '../../db/schema';
import type { DbOrTx } from '../core';
import { isPublished } from './list';
import { ownerColumns, selectProductsWithOwner, toProduct } from './rows';

// What the social module needs of posts: whether one is listed (likes are for public posts only),
// its like count kept in the same transaction as the like row, and the columns of a post with its
// owner for the lists it builds (favourites, the feed) in one statement of its own.

/** Published, seller not suspended: the posts anyone may see, like and find in feeds. */
export const isListedProduct = isPublished;

const { search: _search, ...productColumns } = getTableColumns(products);
/** The columns `toProduct` reads: select them from `products` joined with its owner (`users`). */
export const productWithOwnerColumns = { ...productColumns, ...ownerColumns };

/** The owner of post `id` if it is listed, for a like (`FOR KEY SHARE`: it cannot vanish meanwhile). */
export async function findListedProductOwner(db: DbOrTx, id: string): Promise<string | undefined> {
  const [row] = await db
    .select({ userId: products.userId })
    .from(products)
    .where(and(eq(products.id, id), isPublished))
    .limit(1)
    .for('key share');
  return row?.userId;
}

/**
 * Moves post `productId`'s like count by `delta` (the like rows actually inserted or deleted), in
 * the caller's transaction: the row lock orders concurrent likes, so the count always equals the
 * number of like rows. Answers the post as the API shows it, with its new count.
 */
export async function adjustProductLikes(
  db: DbOrTx,
  productId: string,
  delta: number,
): Promise<Product | undefined> {
  if (delta !== 0) {
    await db
      .update(products)
      .set({ likesCount: sql`${products.likesCount} + ${delta}` })
      .where(eq(products.id, productId));
  }
  const [row] = await selectProductsWithOwner(db).where(eq(products.id, productId)).limit(1);
  return row ? toProduct(row) : undefined;
}
