import { useEffect, useState } from 'react';
import type { RefreshedLine } from '../../../shared/contracts/commerce';
import { cartLineKey, useCartStore, type CartItem } from './stores/cart-store';
import { useCartHydrated } from './stores/use-cart-hydrated';

// The signed cart link (docs/decisions/050): a seller domain's cart travels to the marketplace's
// checkout in the URL, as post ids, amounts and options; the marketplace loads it into its own
// cart (the two origins' browser storage never meet).

/** The form field the seller domain's "Go to checkout" posts: the lines, as JSON. */
export const CART_LINK_FIELD = 'lines';

/** What the link carries of each line. */
export const cartLinkLinesOf = (items: CartItem[]) =>
  items.map(({ _id, amount, selectedVariations }) => ({ _id, amount, selectedVariations }));

/**
 * Puts the lines of an opened cart link into the cart once the stored cart is read: each line at
 * the amount the link says (opening the same link twice adds nothing), priced as the server
 * answered. Lines that cannot be bought are left out. True once done (at once when no lines).
 */
export function useCartLinkArrival(lines: RefreshedLine[] | null): boolean {
  const hydrated = useCartHydrated();
  const [done, setDone] = useState(lines === null);
  useEffect(() => {
    if (!hydrated || done || !lines) return;
    for (const line of lines) {
      if (line.amount < 1 || line.problem === 'unavailable' || line.problem === 'variation')
        continue;
      const store = useCartStore.getState();
      const key = cartLineKey(line._id, line.selectedVariations);
      const others = store.items.filter((i) => cartLineKey(i._id, i.selectedVariations) !== key);
      if (others.length !== store.items.length) store.replaceItems(others);
      store.addItem({
        _id: line._id,
        amount: line.amount,
        price: line.price,
        shippingCost: line.shippingCost,
        selectedVariations: line.selectedVariations,
        ...(line.title ? { title: line.title } : {}),
        ...(line.image ? { image: line.image } : {}),
        ...(line.sellerId ? { sellerId: line.sellerId } : {}),
      });
    }
    setDone(true);
  }, [hydrated, done, lines]);
  return done;
}
