import type { Product } from '../../../shared/contracts/catalog';
import type { Offer, PageOffer } from '../../../shared/contracts/offers';
import { addToCart } from './attribution';
import { cartLineKey, useCartStore, type CartItemInput } from './stores/cart-store';

// The cart's side of an accepted offer (issue 27, docs/decisions/076): only the buyer's lists
// (/offers, a conversation) use it, and post pages load it on a press of "Buy at …", so it stays
// out of the sellers' pages' shell chunk.

/**
 * An accepted offer's post in the cart as one item: an offer prices a line of one (ADR 076), so
 * a line already there is set to one rather than grown to two.
 */
export function putOneInCart(line: CartItemInput, username: string) {
  const { items, setAmount } = useCartStore.getState();
  const key = cartLineKey(line._id, line.selectedVariations ?? {});
  if (items.some((i) => cartLineKey(i._id, i.selectedVariations) === key)) {
    setAmount(line._id, 1, line.selectedVariations ?? {});
  } else {
    addToCart({ ...line, amount: 1 }, username);
  }
}

/** An accepted offer's post and option in the cart, one item at the offer's price (checked again at checkout). */
export const putOfferInCart = (offer: Offer) =>
  putOneInCart(
    {
      _id: offer.product._id,
      price: offer.amount,
      selectedVariations: offer.selectedVariations,
      title: offer.product.title,
      shippingCost: offer.product.shippingCost,
      sellerId: offer.seller._id,
    },
    offer.seller.username,
  );

/**
 * A post page's "Buy at …" (an accepted offer from GET /me/page-state): the post the page shows,
 * with the offer's option, one item at the offer's price.
 */
export function putPostOfferInCart(post: Product, offer: PageOffer) {
  const image = post.medias.find((m) => m.type === 'image')?.thumbnail;
  putOneInCart(
    {
      _id: post._id,
      price: offer.amount,
      selectedVariations: offer.selectedVariations,
      title: post.title,
      shippingCost: post.shippingCost,
      sellerId: post.user._id,
      ...(image ? { image } : {}),
    },
    post.user.username,
  );
}
