import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { Product } from '../../shared/contracts/catalog';
import type { PageOffer } from '../../shared/contracts/offers';
import { priceFor } from '../features/catalog/components/pricing';

/**
 * The buyer's open offer on a post page (docs/decisions/076), for the two post routes (the
 * seller's page and /products/{id}): it composes the offers feature (what the page state says,
 * the offer just made) with the cart's (Buy at …), which features cannot do for each other.
 * - `openOffer`: the offer just made here (until the page state is asked again), else the one the
 *   page state names for this post; none for the post's own seller;
 * - `soldOut`: that offer's post, with its options, is sold out (its "Buy at …" is disabled);
 * - `onSent`: for the offer dialog, so the new offer takes the button's place at once;
 * - `buyAtOffer`: one item at the offer's price into the cart (its code loads on the press, for
 *   the post pages' JavaScript budget), then on to `checkoutPath`.
 */
export function usePostOpenOffer(
  post: Product | null,
  pageOffers: readonly PageOffer[] | undefined,
  { own, checkoutPath }: { own: boolean; checkoutPath: string },
) {
  const [sent, setSent] = useState<PageOffer | null>(null);
  const navigate = useNavigate();
  const openOffer = !post
    ? undefined
    : sent?.postId === post._id
      ? sent
      : own
        ? undefined
        : pageOffers?.find((o) => o.postId === post._id);
  const buyAtOffer = async (offer: PageOffer) => {
    if (!post) return;
    const { putPostOfferInCart } = await import('../features/cart/offer-line');
    putPostOfferInCart(post, offer);
    await navigate(checkoutPath);
  };
  const soldOut = !!post && !!openOffer && priceFor(post, openOffer.selectedVariations).soldOut;
  return { openOffer, soldOut, onSent: setSent, buyAtOffer };
}
