import { cartLineKey, type CartItem } from './stores/cart-store';

/** What an order is placed from: who buys, the cart's lines as shown, where it ships and bills. */
export interface OrderSource {
  userId: string;
  items: readonly Pick<
    CartItem,
    '_id' | 'amount' | 'price' | 'shippingCost' | 'selectedVariations'
  >[];
  shippingAddressId: string;
  /** null: bill to the shipping address. */
  billingAddressId: string | null;
  /** A seller's discount code as typed (codes ignore case): another code places another order. */
  discountCode?: string;
}

/**
 * A stable string for an order's source: equal for the same buyer, lines (in any order, options in
 * any order), amounts, prices shown and addresses; different as soon as one of them changes. The
 * checkout keeps it beside the order it placed, so going back and forth pays the same order and a
 * changed cart places a new one (docs/decisions/031).
 */
export function orderFingerprint(source: OrderSource): string {
  const lines = source.items
    .map((i) => [cartLineKey(i._id, i.selectedVariations), i.amount, i.price, i.shippingCost])
    .sort(([a], [b]) => (String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0));
  const billing = source.billingAddressId ?? source.shippingAddressId;
  const code = source.discountCode?.trim().toLowerCase() ?? '';
  return JSON.stringify([
    source.userId,
    source.shippingAddressId,
    billing,
    lines,
    ...(code ? [code] : []),
  ]);
}
