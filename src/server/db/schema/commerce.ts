// Tables of the commerce module: buyers' addresses, orders split into one transaction per seller,
// their line items (copied at purchase time), payments, payouts and refunds (one ledger), sellers'
// payout accounts and feedback (the payment driver's records: commerce-payments.ts; return
// requests: commerce-returns.ts; discount codes: commerce-discounts.ts). Money is integer minor
// units. Orders and sales keep the other party's records when a member is deleted
// (docs/decisions/022): people FKs are ON DELETE SET NULL with copied names.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  FEEDBACK_TYPES,
  LEDGER_KINDS,
  ORDER_STATUSES,
  PAYOUT_STATUSES,
  TRANSACTION_STATUSES,
  type StoredAddress,
} from '../../../shared/contracts/commerce-rules';
import { users } from './accounts';
import { products } from './catalog';

export { ORDER_STATUSES, TRANSACTION_STATUSES, PAYOUT_STATUSES, FEEDBACK_TYPES };

const ts = (name: string) => timestamp(name, { withTimezone: true });

/** A buyer's saved shipping/billing address (the checkout's address book). */
export const addresses = pgTable(
  'addresses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    address: jsonb('address').$type<StoredAddress>().notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('addresses_user_idx').on(t.userId, t.createdAt.desc())],
);
export type AddressRow = typeof addresses.$inferSelect;

/** What a buyer bought in one checkout; paid once, in one payment, for every seller in it. */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    buyerId: uuid('buyer_id').references(() => users.id, { onDelete: 'set null' }),
    buyerName: text('buyer_name').notNull(),
    buyerEmail: text('buyer_email').notNull(),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('pending'),
    currency: text('currency').notNull(),
    subtotalMinor: integer('subtotal_minor').notNull(),
    /** What the parts' discount codes took off the subtotal (docs/decisions/073). */
    discountMinor: integer('discount_minor').notNull().default(0),
    shippingMinor: integer('shipping_minor').notNull(),
    taxMinor: integer('tax_minor').notNull(),
    grandTotalMinor: integer('grand_total_minor').notNull(),
    /** Copies: the order keeps where it went even if the address book entry is deleted. */
    shippingAddress: jsonb('shipping_address').$type<StoredAddress>().notNull(),
    billingAddress: jsonb('billing_address').$type<StoredAddress>().notNull(),
    paymentProvider: text('payment_provider', { enum: ['local', 'stripe'] }).notNull(),
    /** The provider's payment intent (pi_…), once one was created. */
    paymentIntentId: text('payment_intent_id'),
    /** The last payment failure shown to the buyer (declined, insufficient funds…). */
    paymentError: text('payment_error'),
    /** Unpaid orders release their stock at this time (commerce.expire-order job). */
    expiresAt: ts('expires_at').notNull(),
    paidAt: ts('paid_at'),
    cancelledAt: ts('cancelled_at'),
    /**
     * When the reminder of an expired checkout was claimed (docs/decisions/075): set once, before
     * the mail goes out, so an order is never reminded twice.
     */
    remindedAt: ts('reminded_at'),
    /**
     * The checkout's key for the attempt that placed it (docs/decisions/077): the buyer's retry
     * with the same key answers this order instead of placing another. Null: sent without one.
     */
    idempotencyKey: text('idempotency_key'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('orders_buyer_created_idx').on(t.buyerId, t.createdAt.desc(), t.id.desc()),
    uniqueIndex('orders_payment_intent_idx').on(t.paymentIntentId),
    // Per buyer: two racing requests with one key cannot both write an order (NULLs never clash).
    uniqueIndex('orders_buyer_idempotency_key_idx').on(t.buyerId, t.idempotencyKey),
    check(
      'orders_totals_check',
      sql`${t.grandTotalMinor} = ${t.subtotalMinor} - ${t.discountMinor} + ${t.shippingMinor} + ${t.taxMinor}`,
    ),
  ],
);
export type OrderRow = typeof orders.$inferSelect;

/** One seller's part of an order (SPEC "transaction"): what the seller ships and is paid for. */
export const transactions = pgTable(
  'transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    sellerId: uuid('seller_id').references(() => users.id, { onDelete: 'set null' }),
    sellerName: text('seller_name').notNull(),
    sellerUsername: text('seller_username').notNull(),
    buyerId: uuid('buyer_id').references(() => users.id, { onDelete: 'set null' }),
    buyerName: text('buyer_name').notNull(),
    status: text('status', { enum: TRANSACTION_STATUSES }).notNull().default('pending'),
    subtotalMinor: integer('subtotal_minor').notNull(),
    /** The seller's code this part used (copied as written) and what it took off the items. */
    discountCode: text('discount_code'),
    discountMinor: integer('discount_minor').notNull().default(0),
    shippingMinor: integer('shipping_minor').notNull(),
    /** This part's share of the order's tax (largest remainder: the parts add up to the order). */
    taxMinor: integer('tax_minor').notNull(),
    totalMinor: integer('total_minor').notNull(),
    /**
     * The marketplace's fee on this part (the seller's plan's rate at purchase, on items less the
     * discount and shipping, not tax): the payout is totalMinor minus this (docs/decisions/032).
     */
    platformFeeMinor: integer('platform_fee_minor').notNull().default(0),
    carrier: text('carrier'),
    trackingNumber: text('tracking_number'),
    shippedAt: ts('shipped_at'),
    /** Unshipped paid parts are cancelled and refunded after this (commerce.auto-cancel job). */
    shipBy: ts('ship_by'),
    cancelledAt: ts('cancelled_at'),
    cancelReason: text('cancel_reason'),
    payoutStatus: text('payout_status', { enum: PAYOUT_STATUSES }).notNull().default('none'),
    /** Why the seller's money is held (shown on /sales). */
    payoutHeldReason: text('payout_held_reason'),
    /**
     * What the sale is credited to (docs/decisions/071): the source of the visit and the post and
     * link that led to the cart, as the buyer's cart carried them to POST /orders (null: none).
     */
    source: text('source'),
    sourcePostId: uuid('source_post_id'),
    sourceLinkId: uuid('source_link_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('transactions_seller_created_idx').on(t.sellerId, t.createdAt.desc(), t.id.desc()),
    index('transactions_order_idx').on(t.orderId),
    index('transactions_buyer_idx').on(t.buyerId),
  ],
);
export type TransactionRow = typeof transactions.$inferSelect;

/** A line of a transaction, copied from the post when bought (title, price, variation, image). */
export const orderItems = pgTable(
  'order_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    image: text('image'),
    /** Unit price including the chosen options' price changes. */
    priceMinor: integer('price_minor').notNull(),
    shippingMinor: integer('shipping_minor').notNull(),
    amount: integer('amount').notNull(),
    selectedVariations: jsonb('selected_variations')
      .$type<Record<string, string>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
  },
  (t) => [
    index('order_items_transaction_idx').on(t.transactionId),
    index('order_items_order_idx').on(t.orderId),
    index('order_items_product_idx').on(t.productId),
    check('order_items_amount_check', sql`${t.amount} > 0`),
  ],
);
export type OrderItemRow = typeof orderItems.$inferSelect;

/**
 * Money that moved (or must move exactly once): the charge of an order, the transfer of a seller's
 * share, a refund. The unique key makes every movement idempotent whatever retries or replays.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: LEDGER_KINDS }).notNull(),
    /** `charge:{orderId}`, `transfer:{transactionId}`, `refund:{transactionId}`. */
    key: text('key').notNull(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    transactionId: uuid('transaction_id').references(() => transactions.id, {
      onDelete: 'set null',
    }),
    amountMinor: integer('amount_minor').notNull(),
    /**
     * A refund: the part of the platform fee it gives back (round(fee × refund / total),
     * shared/contracts/returns-rules.ts); the seller bears the rest of the refund. 0 otherwise.
     */
    feeMinor: integer('fee_minor').notNull().default(0),
    currency: text('currency').notNull(),
    provider: text('provider', { enum: ['local', 'stripe'] }).notNull(),
    /** The provider's id of the movement (pi_…, tr_…, re_…, trr_…). */
    providerRef: text('provider_ref').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_entries_key_idx').on(t.key),
    index('ledger_entries_transaction_idx').on(t.transactionId),
  ],
);
export type LedgerEntryRow = typeof ledgerEntries.$inferSelect;

/** A seller's payout account with the payment provider (acct_…): onboarding state. */
export const sellerAccounts = pgTable('seller_accounts', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  provider: text('provider', { enum: ['local', 'stripe'] }).notNull(),
  accountId: text('account_id').notNull().unique(),
  detailsSubmitted: boolean('details_submitted').notNull().default(false),
  payoutsEnabled: boolean('payouts_enabled').notNull().default(false),
  /** Embedded driver: who is paid and the last four digits of where (never the full number). */
  payoutHolderName: text('payout_holder_name'),
  payoutCountry: text('payout_country'),
  payoutAccountLast4: text('payout_account_last4'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
export type SellerAccountRow = typeof sellerAccounts.$inferSelect;

/**
 * A rating of one side of a transaction: `order` — the buyer about the seller; `transaction` —
 * the seller about the buyer. One per party per transaction.
 */
export const feedbacks = pgTable(
  'feedbacks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    type: text('type', { enum: FEEDBACK_TYPES }).notNull(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    authorName: text('author_name').notNull(),
    /** Who is rated: the seller (type order) or the buyer (type transaction). */
    subjectId: uuid('subject_id').references(() => users.id, { onDelete: 'set null' }),
    rating: smallint('rating').notNull(),
    text: text('text').notNull().default(''),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('feedbacks_transaction_type_idx').on(t.transactionId, t.type),
    index('feedbacks_subject_type_idx').on(t.subjectId, t.type, t.createdAt.desc()),
    index('feedbacks_author_idx').on(t.authorId, t.createdAt.desc()),
    check('feedbacks_rating_check', sql`${t.rating} between 1 and 5`),
  ],
);
export type FeedbackRow = typeof feedbacks.$inferSelect;
