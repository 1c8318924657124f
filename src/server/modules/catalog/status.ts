import type { Product } from '../../../shared/contracts/catalog';
import type { ProductStatus } from '../../../shared/contracts/catalog-rules';
import type { ModuleDeps } from '../core';
import { changeManagedProduct, type Actor } from './ownership';
import { checkPublishLimit } from './publish-limit';
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
  return changeManagedProduct(deps, actor, input.id, async (current, tx) => {
    if (current.status === input.status) return null;
    await checkPublishLimit(tx, current.userId, current.status, input.status, current.id);
    await updateTagCounts(tx.db, current, { status: input.status, tags: current.tags });
    return { status: input.status };
  });
}
