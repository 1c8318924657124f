import { eq } from 'drizzle-orm';
import type { Product } from '../../../shared/contracts/catalog';
import { isAdminRole, type Role } from '../../../shared/contracts/account-rules';
import { isUuid } from '../../../shared/contracts/common';
import { isShortId } from '../../../shared/post-path';
import { products, type NewProductRow, type ProductRow } from '../../db/schema';
import { forbidden, inTransaction, notFound, nowDate, type DbOrTx, type ModuleDeps } from '../core';
import { invalidateCatalog } from './cache';
import { announceNewPost } from '../outreach';
import { announceToLikers } from './liked-alerts';
import { selectProductsWithOwner, toProduct, type ProductWithOwner } from './rows';

/** Who is asking: the signed-in user's id and role. */
export interface Actor {
  id: string;
  role: Role;
}

export const productNotFound = () =>
  notFound('This post could not be found. It may have been deleted.', 'PRODUCT_NOT_FOUND');

/** Owners manage their own posts; admins manage every post (SPEC §1 "admins manage products"). */
export const canManage = (actor: Actor, ownerId: string): boolean =>
  actor.id === ownerId || isAdminRole(actor.role);

/**
 * The post `id` if `actor` manages it: unknown → 404; another's → 403. `lock` takes the row for
 * the rest of the transaction (`FOR UPDATE`), so two concurrent edits of one post apply one after
 * the other; `read` is the cheap check before slow work that is repeated under the lock.
 */
export async function findManagedProduct(
  db: DbOrTx,
  actor: Actor,
  id: string,
  mode: 'read' | 'lock',
): Promise<ProductRow> {
  if (!isUuid(id)) throw productNotFound();
  const query = db.select().from(products).where(eq(products.id, id));
  const [row] = mode === 'lock' ? await query.for('update') : await query.limit(1);
  if (!row) throw productNotFound();
  if (!canManage(actor, row.userId)) {
    throw forbidden('You can only change your own posts.', 'NOT_OWNER');
  }
  return row;
}

/** A post with its owner, by its id or the short id of its address (docs/decisions/062). */
export async function readProductWithOwner(db: DbOrTx, id: string): Promise<ProductWithOwner> {
  const which = isShortId(id) ? eq(products.shortId, id) : eq(products.id, id);
  const [row] = await selectProductsWithOwner(db).where(which).limit(1);
  if (!row) throw productNotFound();
  return row;
}

/** What a write may change on a post (the row's identity, owner and clocks are not its to set). */
export type ProductChanges = Partial<
  Omit<NewProductRow, 'id' | 'userId' | 'createdAt' | 'updatedAt' | 'search'>
>;

/**
 * Every write to an existing post: in one transaction the row is locked for `actor` (owner or
 * admin), `change` decides what to set (and does its own side work — tag counts, files to delete
 * — through the transaction's deps; null changes nothing), the row is updated and read back with
 * its owner. After the commit the cached lists are dropped; the answer is the post as the API
 * shows it.
 */
export async function changeManagedProduct(
  deps: ModuleDeps,
  actor: Actor,
  id: string,
  change: (current: ProductRow, tx: ModuleDeps) => Promise<ProductChanges | null>,
): Promise<Product> {
  const saved = await inTransaction(deps, async (tx) => {
    const current = await findManagedProduct(tx.db, actor, id, 'lock');
    const changes = await change(current, tx);
    if (changes) {
      await tx.db
        .update(products)
        .set({ ...changes, updatedAt: nowDate(tx) })
        .where(eq(products.id, current.id));
      // A post published for the first time is mailed to the seller's list (outreach).
      if (changes.status === 'published' && current.status !== 'published')
        await announceNewPost(tx, current.id);
      await announceToLikers(tx, current, changes);
    }
    return readProductWithOwner(tx.db, current.id);
  });
  invalidateCatalog(deps, [saved.userId]);
  return toProduct(saved);
}
