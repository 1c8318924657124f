import { z } from 'zod';
import { readsAsWritten, requiredAs } from './common';
import { obj, selectedVariationsSchema, text } from './catalog-model';
import { COMMERCE_LIMITS as L, addressProblems, type StoredAddress } from './commerce-rules';
import { COUNTRY_CODES, idField, iso, money } from './commerce-fields';

// Request and response shapes of the cart and the address book (SPEC §7 "Cart and payments";
// docs/decisions/026), re-exported by commerce.ts with the orders that use them.

// ---- cart ----

export const cartLineInput = obj({
  _id: idField('a post id'),
  amount: z
    .number(requiredAs('a whole number'))
    .int('The amount must be a whole number.')
    .min(1, 'The amount must be at least 1.')
    .max(L.amountMax, `You can buy at most ${L.amountMax} of one item at a time.`),
  selectedVariations: selectedVariationsSchema.default({}),
  /** An accepted offer of mine for this post (docs/decisions/076): it prices one item. */
  offerId: idField('an offer id').optional(),
});
export type CartLineInput = z.input<typeof cartLineInput>;

export const cartLines = z
  .array(cartLineInput, requiredAs('a list of items'))
  .min(1, 'Your cart is empty.')
  .max(L.linesMax, `An order can have at most ${L.linesMax} lines.`);

/**
 * A line of POST /cart/refresh: a cart line plus, optionally, the unit price and shipping the
 * buyer is being shown (major units), so the answer can say what changed. Only this call takes
 * them; POST /orders never reads a client's price.
 */
const shownMoney = z
  .number(requiredAs('a number'))
  .min(0, 'Must be 0 or more.')
  .max(100_000_000, 'This amount is too large.')
  .optional();
export const cartRefreshLineInput = cartLineInput.extend({
  price: shownMoney,
  shippingCost: shownMoney,
});
export type CartRefreshLineInput = z.input<typeof cartRefreshLineInput>;

/** POST /cart/refresh: the cart's lines as the server sees them now (prices, stock, availability). */
export const cartRefreshRequest = obj({
  items: z
    .array(cartRefreshLineInput, requiredAs('a list of items'))
    .min(1, 'Your cart is empty.')
    .max(L.linesMax, `A cart can have at most ${L.linesMax} lines.`),
});
export type CartRefreshRequest = z.output<typeof cartRefreshRequest>;

export const CART_LINE_PROBLEMS = ['unavailable', 'own_post', 'variation', 'stock'] as const;
export const refreshedLineSchema = obj({
  _id: z.string(),
  selectedVariations: z.record(z.string(), z.string()),
  /** What the buyer asked for, and what can be bought now (≤ stock; 0 when unavailable). */
  requested: z.number().int(),
  amount: z.number().int(),
  /** null when the post is gone. */
  title: z.string().nullable(),
  image: z.string().nullable(),
  price: money,
  shippingCost: money,
  stock: z.number().int(),
  sellerId: z.string().nullable(),
  sellerName: z.string().nullable(),
  sellerUsername: z.string().nullable(),
  /** Why the line cannot be bought as asked (null: it can). */
  problem: z.enum(CART_LINE_PROBLEMS).nullable(),
  /** A sentence for the buyer when something changed or is wrong. */
  notice: z.string().nullable(),
});
export type RefreshedLine = z.infer<typeof refreshedLineSchema>;
export const cartRefreshResponse = obj({ items: z.array(refreshedLineSchema) });

// ---- addresses ----

export const addressSchema = obj({
  // The recipient's name, shown to the seller on the sale: it must read as written (ADR 053).
  name: text(100, ' for the name').superRefine(readsAsWritten).trim(),
  line1: text(200, ' for the street address').trim(),
  line2: text(200, ' for the second line').trim().default(''),
  city: text(100, ' for the city').trim(),
  region: text(100, ' for the region').trim().default(''),
  postalCode: text(20, ' for the postal code').trim().default(''),
  // Normalised first ("us " → "US"), then one of the offered codes (an enum in the JSON Schema).
  country: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
    z.enum(COUNTRY_CODES, { error: 'Choose a country from the list.' }),
  ),
  phone: text(40, ' for the phone number').trim().default(''),
}).superRefine((a, ctx) => {
  for (const p of addressProblems(a as StoredAddress))
    ctx.addIssue({ code: 'custom', path: [p.field], message: p.message });
});
export type AddressInput = z.input<typeof addressSchema>;

/**
 * POST /addresses (SPEC §7: form data with `token` and `address` as a JSON string). JSON bodies
 * may send `address` as an object. `token` is accepted and ignored: the x-access-token header (or
 * the session cookie) says who is signed in.
 */
export const addressCreateRequest = obj({
  address: z.preprocess((v) => {
    if (typeof v !== 'string') return v;
    try {
      return JSON.parse(v);
    } catch {
      return v;
    }
  }, addressSchema),
  token: z.string(requiredAs('text')).max(4096, 'This token is too long.').optional(),
});
export const addressRecordSchema = z.object({
  _id: z.string(),
  name: z.string(),
  line1: z.string(),
  line2: z.string(),
  city: z.string(),
  region: z.string(),
  postalCode: z.string(),
  country: z.string(),
  phone: z.string(),
  createdAt: iso,
});
export type AddressRecord = z.infer<typeof addressRecordSchema>;
export const addressResponse = obj({ address: addressRecordSchema });
/** GET /addresses: the member's address book, newest first (SPEC: "response data"). */
export const addressListResponse = z.array(addressRecordSchema);
export const addressIdQuery = obj({ id: idField('an address id') });
