import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { isUuid } from '../../../shared/contracts/common';
import { productLikes, products } from '../../db/schema';
import { deleteFilesLater, nowDate, type DbOrTx, type ModuleDeps } from '../core';
import { applyTagDeltas, updateTagCounts } from './tag-counts';

// What moderation and account deletion ask of the catalogue, inside their own transactions (the
// caller announces the change after its commit: core/changes.ts, which drops the list caches).

/** Adds `step` to the count of every tag the rows carry. */
function tagDeltas(
  rows: readonly { tags: readonly string[] }[],
  step: number,
): Map<string, number> {
  const deltas = new Map<string, number>();
  for (const row of rows)
    for (const tag of row.tags) deltas.set(tag, (deltas.get(tag) ?? 0) + step);
  return deltas;
}

/**
 * Hides (a seller suspended) or shows again (reinstated) every post of `userId`: `seller_hidden`
 * takes them out of every public list, search, page, tag count and the sitemap, and nothing else
 * changes — reinstated, each comes back in the status it had. The published ones' tags lose (or
 * regain) them in the same transaction. Returns how many posts changed.
 */
export async function setSellerPostsHidden(
  tx: Pick<ModuleDeps, 'db'>,
  userId: string,
  hidden: boolean,
): Promise<number> {
  const rows = await tx.db
    .select({ id: products.id, status: products.status, tags: products.tags })
    .from(products)
    .where(and(eq(products.userId, userId), ne(products.sellerHidden, hidden)))
    .orderBy(products.id)
    .for('update');
  if (rows.length === 0) return 0;
  await applyTagDeltas(
    tx.db,
    tagDeltas(
      rows.filter((r) => r.status === 'published'),
      hidden ? -1 : 1,
    ),
  );
  await tx.db
    .update(products)
    .set({ sellerHidden: hidden })
    .where(and(eq(products.userId, userId), ne(products.sellerHidden, hidden)));
  return rows.length;
}

/**
 * Deletes every post of `userId` (their account is being deleted): their tags' counts drop for
 * the ones that counted and every stored file of their media is queued for deletion. Likes and
 * comments of the posts go with them (ON DELETE CASCADE).
 */
export async function deleteSellerPosts(
  tx: Pick<ModuleDeps, 'db' | 'now'>,
  userId: string,
): Promise<number> {
  const rows = await tx.db
    .select({
      id: products.id,
      status: products.status,
      tags: products.tags,
      sellerHidden: products.sellerHidden,
      medias: products.medias,
    })
    .from(products)
    .where(eq(products.userId, userId))
    .orderBy(products.id)
    .for('update');
  if (rows.length === 0) return 0;
  await applyTagDeltas(
    tx.db,
    tagDeltas(
      rows.filter((r) => r.status === 'published' && !r.sellerHidden),
      -1,
    ),
  );
  await tx.db.delete(products).where(eq(products.userId, userId));
  await deleteFilesLater(
    tx,
    rows.flatMap((r) => r.medias.flatMap((m) => m.keys)),
  );
  return rows.length;
}

/**
 * The posts `userId` liked lose that like from their count (products.likes_count), before the
 * like rows go with the account.
 */
export async function forgetProductLikesBy(db: DbOrTx, userId: string): Promise<void> {
  const liked = db
    .select({ id: productLikes.productId })
    .from(productLikes)
    .where(eq(productLikes.userId, userId));
  await db
    .update(products)
    .set({ likesCount: sql`greatest(${products.likesCount} - 1, 0)` })
    .where(inArray(products.id, liked));
}

/** A post as moderation names it. */
export interface ModeratedPost {
  id: string;
  userId: string;
  title: string;
  changed: boolean;
}

/**
 * A moderator takes a reported post down: it is archived (out of every public view; its owner
 * still sees it among their posts and may appeal), its tags' counts follow. Null when the post no
 * longer exists; `changed` false when it was already archived.
 */
export async function takeDownPost(
  tx: Pick<ModuleDeps, 'db' | 'now'>,
  id: string,
): Promise<ModeratedPost | null> {
  if (!isUuid(id)) return null;
  const [current] = await tx.db.select().from(products).where(eq(products.id, id)).for('update');
  if (!current) return null;
  const result = { id: current.id, userId: current.userId, title: current.title };
  if (current.status === 'archived') return { ...result, changed: false };
  await updateTagCounts(tx.db, current, { status: 'archived', tags: current.tags });
  await tx.db
    .update(products)
    .set({ status: 'archived', updatedAt: nowDate(tx) })
    .where(eq(products.id, current.id));
  return { ...result, changed: true };
}
