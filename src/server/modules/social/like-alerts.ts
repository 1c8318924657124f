import { and, eq } from 'drizzle-orm';
import type { ProductAlertResponse } from '../../../shared/contracts/social';
import { productLikes } from '../../db/schema';
import { findListedProductOwner } from '../catalog';
import { conflict, inTransaction, type ModuleDeps } from '../core';
import { postNotFound } from './errors';

// The bell beside a post's heart (docs/decisions/075): a member who likes a post asks to be told
// when it drops in price or is back in stock. The wish is kept on the like row itself, so taking
// the like back silences the bell; the alerts are queued by the catalogue's writes and mailed in
// the notification digest (modules/notifications/liked-post-alerts.ts).

export const NOT_LIKED_MESSAGE =
  'Like this post first (the heart): the bell tells you about price drops and restocks of posts you like.';

/**
 * POST /products/alert: rings (`alert`) or silences the bell of post `productId` for `userId`.
 * Setting the state it already has changes nothing. Only listed posts (404); ringing needs the
 * like (409 NOT_LIKED); silencing a post one does not like is already done.
 */
export async function setProductAlert(
  deps: ModuleDeps,
  userId: string,
  productId: string,
  alert: boolean,
): Promise<ProductAlertResponse> {
  return inTransaction(deps, async (tx) => {
    if (!(await findListedProductOwner(tx.db, productId))) throw postNotFound();
    const changed = await tx.db
      .update(productLikes)
      .set({ alert })
      .where(and(eq(productLikes.userId, userId), eq(productLikes.productId, productId)))
      .returning({ productId: productLikes.productId });
    if (changed.length === 0 && alert) throw conflict(NOT_LIKED_MESSAGE, 'NOT_LIKED');
    return { productId, alert };
  });
}
