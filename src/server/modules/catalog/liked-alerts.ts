import type { ProductRow } from '../../db/schema';
import type { ModuleDeps } from '../core';
import { announceLikedPostChange } from '../notifications';
import type { ProductChanges } from './ownership';

/**
 * In the transaction of a write to a post (docs/decisions/075): a listed post whose price went down
 * or whose stock went from none to some queues an alert for the members who rang its bell. Only
 * the job is queued here; no mail is written or sent inside the catalogue's transaction.
 */
export async function announceToLikers(
  tx: Pick<ModuleDeps, 'db' | 'now'>,
  current: ProductRow,
  changes: ProductChanges,
): Promise<void> {
  if ((changes.status ?? current.status) !== 'published') return;
  const price = changes.priceMinor ?? current.priceMinor;
  const stock = changes.stock ?? current.stock;
  if (price < current.priceMinor)
    await announceLikedPostChange(tx, current.id, 'price_drop', current.priceMinor);
  if (current.stock === 0 && stock > 0)
    await announceLikedPostChange(tx, current.id, 'back_in_stock', current.priceMinor);
}
