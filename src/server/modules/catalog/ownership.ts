import { eq } from 'drizzle-orm';
import { isAdminRole, type Role } from '../../../shared/contracts/account-rules';
import { isUuid } from '../../../shared/contracts/common';
import { products, type ProductRow } from '../../db/schema';
import { forbidden, notFound, type DbOrTx } from '../core';
import { selectProductsWithOwner, type ProductWithOwner } from './rows';

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
 * The post `id` for a write by `actor`, locked for the rest of the transaction (`FOR UPDATE`), so
 * two concurrent edits of one post apply one after the other. Unknown → 404; another's → 403.
 */
export async function lockManagedProduct(
  db: DbOrTx,
  actor: Actor,
  id: string,
): Promise<ProductRow> {
  if (!isUuid(id)) throw productNotFound();
  const [row] = await db.select().from(products).where(eq(products.id, id)).for('update');
  if (!row) throw productNotFound();
  if (!canManage(actor, row.userId)) {
    throw forbidden('You can only change your own posts.', 'NOT_OWNER');
  }
  return row;
}

/** A post with its owner for a response, after a write. */
export async function readProductWithOwner(db: DbOrTx, id: string): Promise<ProductWithOwner> {
  const [row] = await selectProductsWithOwner(db).where(eq(products.id, id)).limit(1);
  if (!row) throw productNotFound();
  return row;
}
