import { asc, eq } from 'drizzle-orm';
import { orderItems, orders, products, transactions, users } from '../../db/schema';
import { restoreStock } from '../catalog';
import { nowDate, type ModuleDeps } from '../core';
import { giveBackCodes } from './discount-apply';
import { releaseOrderOffers } from '../offers';

// What an order holds (its items' stock) and how those holds are let go while the order is
// unpaid; used by the paying steps, the lifecycle and the buyer's cancel (docs/decisions/052).

/** The stock lines of an order's or a part's items (posts since deleted are left out). */
export async function itemsOf(deps: Pick<ModuleDeps, 'db'>, where: ReturnType<typeof eq>) {
  const rows = await deps.db
    .select({
      productId: orderItems.productId,
      amount: orderItems.amount,
      selectedVariations: orderItems.selectedVariations,
    })
    .from(orderItems)
    .where(where);
  return rows.flatMap((r) => (r.productId ? [{ ...r, productId: r.productId }] : []));
}

/**
 * The first item of the order that is no longer for sale — its post deleted, not published, or
 * its seller suspended since the order was placed — as a sentence naming it; null when all are.
 * One query.
 */
export async function unsellableItem(
  deps: Pick<ModuleDeps, 'db'>,
  orderId: string,
): Promise<string | null> {
  const rows = await deps.db
    .select({
      title: orderItems.title,
      productId: products.id,
      status: products.status,
      hidden: products.sellerHidden,
      sellerStatus: users.status,
    })
    .from(orderItems)
    .leftJoin(products, eq(products.id, orderItems.productId))
    .leftJoin(users, eq(users.id, products.userId))
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.id));
  const gone = rows.find(
    (r) => !r.productId || r.status !== 'published' || r.hidden || r.sellerStatus !== 'active',
  );
  return gone ? `“${gone.title}” is no longer for sale.` : null;
}

/**
 * Inside the caller's transaction, with the order locked and unpaid: the order and all its parts
 * are cancelled, every unit they held goes back to stock and each discount code it used gets its
 * use back (docs/decisions/073). The sellers whose stock came back.
 */
export async function releaseLockedOrder(
  tx: ModuleDeps,
  orderId: string,
  reason: string,
): Promise<string[]> {
  const at = nowDate(tx);
  await tx.db
    .update(orders)
    .set({ status: 'cancelled', cancelledAt: at, updatedAt: at })
    .where(eq(orders.id, orderId));
  const parts = await tx.db
    .update(transactions)
    .set({ status: 'cancelled', cancelledAt: at, cancelReason: reason, updatedAt: at })
    .where(eq(transactions.orderId, orderId))
    .returning({ sellerId: transactions.sellerId });
  await restoreStock(tx, await itemsOf(tx, eq(orderItems.orderId, orderId)));
  await giveBackCodes(tx, orderId);
  await releaseOrderOffers(tx.db, orderId, at);
  return parts.flatMap((p) => (p.sellerId ? [p.sellerId] : []));
}
