import { eq } from 'drizzle-orm';
import { products } from '../../db/schema';
import { notFound, validationError, type DbOrTx } from '../core';
import { money } from './rows';

export const postNotFound = () =>
  notFound('This post could not be found. It may have been deleted.', 'PRODUCT_NOT_FOUND');

/**
 * The post an offer is about, if it is listed (published, seller not suspended). Locked FOR SHARE
 * until the offer is written: a post deleted or repriced meanwhile waits for it.
 */
export async function listedPost(db: DbOrTx, productId: string) {
  const [post] = await db
    .select({
      id: products.id,
      userId: products.userId,
      title: products.title,
      priceMinor: products.priceMinor,
      allowOffers: products.allowOffers,
      status: products.status,
      sellerHidden: products.sellerHidden,
    })
    .from(products)
    .where(eq(products.id, productId))
    .limit(1)
    .for('share');
  if (!post || post.status !== 'published' || post.sellerHidden) throw postNotFound();
  return post;
}

/** An offer is a discount: more than nothing (the contract) and less than the listed price. */
export function checkBelowPrice(amountMinor: number, priceMinor: number, currency: string) {
  if (amountMinor >= priceMinor) {
    throw validationError(`Offer less than the listed price of ${money(priceMinor, currency)}.`);
  }
}
