import { eq } from 'drizzle-orm';
import { products } from '../../db/schema';
import { optionPriceMinor } from '../catalog';
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
      variations: products.variations,
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

/** A post's title whatever its state (a withdrawal's notification names the post). */
export async function postTitle(db: DbOrTx, productId: string): Promise<string> {
  const [post] = await db
    .select({ title: products.title })
    .from(products)
    .where(eq(products.id, productId))
    .limit(1);
  return post?.title ?? 'a post';
}

/**
 * The price of the choice an offer is for (docs/decisions/076): a post with options is offered
 * on one of them — every variation chosen — and the offer is compared with that option's price.
 */
export function choicePriceMinor(
  post: Parameters<typeof optionPriceMinor>[0] & { title: string },
  selected: Record<string, string>,
  /** What a choice that names no option of the post says (a new offer: choose one). */
  refusal?: string,
): number {
  const price = optionPriceMinor(post, selected);
  if (price === null) {
    throw validationError(
      refusal ??
        (post.variations.length
          ? `Choose one of the available options of “${post.title}” for your offer.`
          : `“${post.title}” has no options to choose.`),
    );
  }
  return price;
}

/** An offer is a discount: more than nothing (the contract) and less than the listed price. */
export function checkBelowPrice(amountMinor: number, priceMinor: number, currency: string) {
  if (amountMinor >= priceMinor) {
    throw validationError(`Offer less than the listed price of ${money(priceMinor, currency)}.`);
  }
}
