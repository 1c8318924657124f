import { z } from 'zod';
import { readsAsWritten, requiredAs } from './common';
import { obj, selectedVariationsSchema, text } from './catalog-model';
import {
  CARRIER_IDS,
  COMMERCE_LIMITS as L,
  ORDER_STATUSES,
  PAYOUT_STATUSES,
  TRANSACTION_STATUSES,
  addressProblems,
  type StoredAddress,
} from './commerce-rules';
import {
  COUNTRY_CODES,
  idField,
  iso,
  limitField,
  money,
  pageField,
  sortField,
} from './commerce-fields';
import { RETURN_STATUSES } from './returns-rules';

// Request and response shapes of the cart, addresses, orders, payments and sales (SPEC §7 "Cart and
// payments", "Orders, transactions, feedback"; DESIGN §4; docs/decisions/026); feedback and payout
// onboarding live in commerce-feedback.ts, re-exported here. Money: major units on the wire.

export * from './commerce-feedback';
import { attributionSchema } from './insights';
import { DISCOUNT_LIMITS } from './discount-rules';

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

const cartLines = z
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

// ---- orders ----

export const orderCreateRequest = obj({
  items: cartLines,
  shippingAddressId: idField('an address id'),
  billingAddressId: idField('an address id').optional(),
  /**
   * A seller's discount code (docs/decisions/073): it applies to the part of the seller who owns
   * it, case-insensitively. Empty: none.
   */
  discountCode: z
    .string(requiredAs('a code'))
    .trim()
    .max(DISCOUNT_LIMITS.codeMax, 'This discount code does not exist.')
    .optional()
    .transform((v) => v || undefined),
  /**
   * Where the cart's lines came from (POST /insights/cart-adds): each seller's part is credited.
   * A credit that does not read is dropped, never the order: the browser's storage may hold anything.
   */
  attribution: z
    .array(z.unknown())
    .max(L.linesMax, `An order can have at most ${L.linesMax} lines.`)
    .optional()
    .transform((list) =>
      list?.flatMap((a) => {
        const credit = attributionSchema.safeParse(a);
        return credit.success ? [credit.data] : [];
      }),
    ),
});

export const orderItemSchema = z.object({
  _id: z.string(),
  productId: z.string().nullable(),
  title: z.string(),
  image: z.string().nullable(),
  price: money,
  shippingCost: money,
  amount: z.number().int(),
  selectedVariations: z.record(z.string(), z.string()),
});
export type OrderItem = z.infer<typeof orderItemSchema>;

const partyTotals = { subtotal: money, shipping: money, tax: money, total: money };

/** One seller's part of an order: what the seller sees on /sales and the buyer per seller. */
export const transactionSchema = z.object({
  _id: z.string(),
  orderId: z.string(),
  status: z.enum(TRANSACTION_STATUSES),
  seller: z.object({ _id: z.string().nullable(), name: z.string(), username: z.string() }),
  buyer: z.object({ _id: z.string().nullable(), name: z.string() }),
  items: z.array(orderItemSchema),
  ...partyTotals,
  /** The seller's discount code this part used (as the seller wrote it), and what it took off the items. */
  discountCode: z.string().nullable(),
  discount: money,
  /** The marketplace's fee on the items and shipping, by the seller's plan at purchase (ADR 032). */
  platformFee: money,
  /** What the seller is paid out: the total less the platform fee. */
  payout: money,
  currency: z.string(),
  carrier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  trackingUrl: z.string().nullable(),
  shippedAt: iso.nullable(),
  shipBy: iso.nullable(),
  cancelledAt: iso.nullable(),
  cancelReason: z.string().nullable(),
  payoutStatus: z.enum(PAYOUT_STATUSES),
  payoutHeldReason: z.string().nullable(),
  /** Where it ships (the seller needs it; the buyer typed it). */
  shippingAddress: addressRecordSchema.omit({ _id: true, createdAt: true }),
  /** Whether each side has left its feedback. */
  buyerFeedbackGiven: z.boolean(),
  sellerFeedbackGiven: z.boolean(),
  /** The buyer's refund request on this part, if any (ADR 074): its status and refund. */
  returnRequest: z
    .object({ _id: z.string(), status: z.enum(RETURN_STATUSES), refund: money.nullable() })
    .nullable(),
  paidAt: iso.nullable(),
  createdAt: iso,
});
export type Transaction = z.infer<typeof transactionSchema>;

export const orderSchema = z.object({
  _id: z.string(),
  status: z.enum(ORDER_STATUSES),
  currency: z.string(),
  subtotal: money,
  /** What the parts' discount codes took off the subtotal (tax is on what is left plus shipping). */
  discount: money,
  shipping: money,
  tax: money,
  totalWithTax: money,
  grandTotal: money,
  shippingAddress: addressRecordSchema.omit({ _id: true, createdAt: true }),
  billingAddress: addressRecordSchema.omit({ _id: true, createdAt: true }),
  paymentProvider: z.enum(['local', 'stripe']),
  paymentError: z.string().nullable(),
  expiresAt: iso,
  paidAt: iso.nullable(),
  cancelledAt: iso.nullable(),
  createdAt: iso,
  /** One per seller. */
  transactions: z.array(transactionSchema),
});
export type Order = z.infer<typeof orderSchema>;
export const orderResponse = obj({ order: orderSchema });

/** GET /orders?userId= (list; userId must be me unless admin) or ?id= (one order, as {order}). */
export const orderQuery = obj({
  userId: idField('a user id').optional(),
  id: idField('an order id').optional(),
  page: pageField,
  limit: limitField,
  sort: sortField,
  status: z
    .enum(ORDER_STATUSES, { error: `Choose one of: ${ORDER_STATUSES.join(', ')}.` })
    .optional(),
});
export const orderListResponse = z.union([
  obj({ orders: z.array(orderSchema), recordsCount: z.number().int() }),
  orderResponse,
]);

// ---- payments ----

export const paymentIntentRequest = obj({ orderId: idField('an order id') });
/** POST /orders/cancel: one of my unpaid orders, let go (ADR 052). */
export const cancelOrderRequest = obj({ id: idField('an order id') });
export const paymentIntentResponse = obj({
  provider: z.enum(['local', 'stripe']),
  clientSecret: z.string(),
  paymentIntentId: z.string(),
  amount: money,
  currency: z.string(),
  /** The Stripe publishable key (stripe), for the Payment Element. */
  publishableKey: z.string().nullable(),
});
export type PaymentIntentResponse = z.infer<typeof paymentIntentResponse>;

export const localConfirmRequest = obj({
  paymentIntentId: z
    .string(requiredAs('a payment id'))
    .min(1, 'This field is required.')
    .max(100, 'Must be a payment id.'),
  card: obj({
    number: z.string(requiredAs('a card number')).max(30, 'Your card number is invalid.'),
    expMonth: z.number(requiredAs('a month')).int('Must be a whole number.'),
    expYear: z.number(requiredAs('a year')).int('Must be a whole number.'),
    cvc: z.string(requiredAs('a security code')).max(4, "Your card's security code is invalid."),
  }),
});
export const localConfirmResponse = obj({
  status: z.literal('succeeded'),
  orderId: z.string(),
});

// ---- sales (transactions) ----

export const transactionQuery = obj({
  userId: idField('a user id').optional(),
  id: idField('a sale id').optional(),
  page: pageField,
  limit: limitField,
  sort: sortField,
  status: z
    .enum(TRANSACTION_STATUSES, { error: `Choose one of: ${TRANSACTION_STATUSES.join(', ')}.` })
    .optional(),
});
export const transactionResponse = obj({ transaction: transactionSchema });
export const transactionListResponse = z.union([
  obj({ transactions: z.array(transactionSchema), recordsCount: z.number().int() }),
  transactionResponse,
]);

/** A parcel's carrier and tracking number: a sale's shipment, and a returned item (ADR 074). */
export const shipmentFields = {
  trackingNumber: z
    .string(requiredAs('a tracking number'))
    .trim()
    .min(4, 'Enter the tracking number the carrier gave you.')
    .max(L.trackingMax, `A tracking number has at most ${L.trackingMax} characters.`)
    .regex(/^[A-Za-z0-9 -]+$/, 'A tracking number has only letters, digits, spaces and dashes.'),
  carrier: z.enum(CARRIER_IDS, { error: 'Choose a carrier from the list.' }).default('other'),
};

/** PUT /transactions: mark shipped (irreversible). */
export const shipRequest = obj({
  id: idField('a sale id'),
  ...shipmentFields,
});
/** POST /transactions/cancel: the seller cancels an unshipped sale; the buyer is refunded its part. */
export const cancelSaleRequest = obj({
  id: idField('a sale id'),
  reason: text(300, ' for the reason').trim().default(''),
});
