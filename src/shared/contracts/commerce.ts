import { z } from 'zod';
import { requiredAs } from './common';
import { obj, text } from './catalog-model';
import {
  CARRIER_IDS,
  COMMERCE_LIMITS as L,
  IDEMPOTENCY_KEY_RE,
  ORDER_STATUSES,
  PAYOUT_STATUSES,
  TRANSACTION_STATUSES,
} from './commerce-rules';
import { idField, iso, limitField, money, pageField, sortField } from './commerce-fields';
import { RETURN_STATUSES } from './returns-rules';

// Request and response shapes of orders, payments and sales (SPEC §7 "Cart and payments",
// "Orders, transactions, feedback"; DESIGN §4; docs/decisions/026); the cart and addresses
// (cart.ts), feedback and payout onboarding (commerce-feedback.ts) are re-exported here.
// Money: major units on the wire.

export * from './commerce-feedback';
export * from './cart';
import { addressRecordSchema, cartLines } from './cart';
import { attributionSchema } from './insights';
import { DISCOUNT_LIMITS } from './discount-rules';

// ---- orders ----

/** A discount code as a buyer types it (POST /orders, POST /discounts/preview). */
export const typedDiscountCode = z
  .string(requiredAs('a code'))
  .trim()
  .max(DISCOUNT_LIMITS.codeMax, 'This discount code does not exist.');

const idempotencyKeyRule = `Must be ${L.idempotencyKeyMin} to ${L.idempotencyKeyMax} letters, digits, “-” or “_” (one key per attempt to place an order, such as a UUID).`;

export const orderCreateRequest = obj({
  items: cartLines,
  shippingAddressId: idField('an address id'),
  billingAddressId: idField('an address id').optional(),
  /**
   * A seller's discount code (docs/decisions/073): it applies to the part of the seller who owns
   * it, case-insensitively. Empty: none.
   */
  discountCode: typedDiscountCode.optional().transform((v) => v || undefined),
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
  /**
   * Names one attempt to place an order (docs/decisions/077): the buyer's later request with the
   * same key answers the order that attempt placed instead of placing another, so retrying after a
   * lost answer is safe. Optional: without it every request places an order.
   */
  idempotencyKey: z
    .string(requiredAs('a text'))
    // The bounds again, apart: the JSON Schema (OpenAPI) shows them as lengths.
    .min(L.idempotencyKeyMin, { error: idempotencyKeyRule, abort: true })
    .max(L.idempotencyKeyMax, { error: idempotencyKeyRule, abort: true })
    .regex(IDEMPOTENCY_KEY_RE, idempotencyKeyRule)
    .optional(),
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

/** An order's money, in major units: what it is written with and what a preview of it answers. */
export const orderTotalsFields = {
  currency: z.string(),
  subtotal: money,
  /** What the parts' discount codes took off the subtotal (tax is on what is left plus shipping). */
  discount: money,
  shipping: money,
  tax: money,
  totalWithTax: money,
  grandTotal: money,
};

export const orderSchema = z.object({
  _id: z.string(),
  status: z.enum(ORDER_STATUSES),
  ...orderTotalsFields,
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
