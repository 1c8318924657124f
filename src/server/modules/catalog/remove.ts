import { eq } from 'drizzle-orm';
import { products } from '../../db/schema';
import { deleteFilesLater, inTransaction, type ModuleDeps } from '../core';
import { invalidateCatalog } from './cache';
import { findManagedProduct, type Actor } from './ownership';
import { updateTagCounts } from './tag-counts';

export const POST_DELETED = 'Post deleted.';

/**
 * DELETE /products?id= (owner or admin): the row goes, its tags' counts drop and the deletion of
 * every stored file of its media is queued — all in one transaction, so a failure leaves the post,
 * its counts and its files as they were, and a crash after the commit still deletes the files.
 */
export async function deleteProduct(
  deps: ModuleDeps,
  actor: Actor,
  id: string,
): Promise<{ message: string }> {
  const ownerId = await inTransaction(deps, async (tx) => {
    const current = await findManagedProduct(tx.db, actor, id, 'lock');
    await tx.db.delete(products).where(eq(products.id, current.id));
    await updateTagCounts(tx.db, current, null);
    await deleteFilesLater(
      tx,
      current.medias.flatMap((m) => m.keys),
    );
    return current.userId;
  });
  invalidateCatalog(deps, [ownerId]);
  return { message: POST_DELETED };
}
