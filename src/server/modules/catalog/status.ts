import { eq } from 'drizzle-orm';
import type { Product } from '../../../shared/contracts/catalog';
import type { ProductStatus } from '../../../shared/contracts/catalog-rules';
import { products } from '../../db/schema';
import { inTransaction, nowDate, type ModuleDeps } from '../core';
import { invalidateCatalog } from './cache';
import { lockManagedProduct, readProductWithOwner, type Actor } from './ownership';
import { toProduct } from './rows';
import { updateTagCounts } from './tag-counts';

/**
 * PATCH /products/status (owner or admin): publishes, unpublishes (draft), archives or marks a post
 * sold. Its tags' published counts follow in the same transaction.
 */
export async function setProductStatus(
  deps: ModuleDeps,
  actor: Actor,
  input: { id: string; status: ProductStatus },
): Promise<Product> {
  const saved = await inTransaction(deps, async (tx) => {
    const current = await lockManagedProduct(tx.db, actor, input.id);
    if (current.status !== input.status) {
      await tx.db
        .update(products)
        .set({ status: input.status, updatedAt: nowDate(tx) })
        .where(eq(products.id, current.id));
      await updateTagCounts(tx.db, current, { status: input.status, tags: current.tags });
    }
    return readProductWithOwner(tx.db, current.id);
  });
  invalidateCatalog(deps);
  return toProduct(saved);
}
