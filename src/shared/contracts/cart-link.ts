import { z } from 'zod';
import { requiredAs } from './common';
import { obj } from './catalog-model';
import { COMMERCE_LIMITS as L } from './commerce-rules';
import { cartLineInput } from './commerce';

// The signed cart link that carries a seller-domain cart to the marketplace's checkout
// (docs/decisions/050): post ids, amounts and options only.

export const cartLinkLines = z
  .array(cartLineInput, requiredAs('a list of items'))
  .min(1, 'Your cart is empty.')
  .max(L.linesMax, `A cart can have at most ${L.linesMax} lines.`);
export type CartLinkLine = z.output<typeof cartLinkLines>[number];

/** POST /cart/link: the lines to carry. */
export const cartLinkRequest = obj({ items: cartLinkLines });

/** The marketplace's checkout address with the signed cart in `?cart=`. */
export const cartLinkResponse = obj({ url: z.string() });

/** GET /cart/link?cart=: the token from that address. */
export const cartLinkQuery = obj({
  cart: z
    .string(requiredAs('the cart link'))
    .min(1, 'The cart link is empty.')
    .max(8192, 'This cart link is too long.'),
});
