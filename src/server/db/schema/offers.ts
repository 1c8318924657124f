// Tables of the offers module (docs/decisions/076): a price proposed for one post between its
// seller and one buyer. Money is integer minor units. An accepted offer is that buyer's private
// price until expires_at; checkout marks it used (order_id) in the order's transaction.
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { OFFER_SIDES, OFFER_STATUSES } from '../../../shared/contracts/offer-rules';
import { users } from './accounts';
import { products } from './catalog';

const ts = (name: string) => timestamp(name, { withTimezone: true });

export const offers = pgTable(
  'offers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amountMinor: integer('amount_minor').notNull(),
    note: text('note').notNull().default(''),
    /** The options the offer is for (variation name → option name); {} for a post without any. */
    selectedVariations: jsonb('selected_variations')
      .$type<Record<string, string>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    proposedBy: text('proposed_by', { enum: OFFER_SIDES }).notNull(),
    status: text('status', { enum: OFFER_STATUSES }).notNull().default('pending'),
    /** The offer this one answers (a counter-offer). */
    counterOf: uuid('counter_of'),
    /** Set when accepted: the price holds until then. */
    expiresAt: ts('expires_at'),
    /** The order that used it (no FK: the order belongs to commerce and may be deleted). */
    orderId: uuid('order_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('offers_amount_positive', sql`${t.amountMinor} > 0`),
    // One open offer (waiting for an answer, or accepted) per buyer and post, even under races.
    uniqueIndex('offers_open_unique_idx')
      .on(t.buyerId, t.productId)
      .where(sql`${t.status} in ('pending', 'accepted')`),
    // Checkout: the buyer's accepted offer for a post.
    index('offers_buyer_product_status_idx').on(t.buyerId, t.productId, t.status),
    // The seller's offers waiting for an answer (and their list, newest first).
    index('offers_seller_status_created_idx').on(t.sellerId, t.status, t.createdAt.desc()),
    index('offers_buyer_created_idx').on(t.buyerId, t.createdAt.desc()),
    index('offers_order_idx')
      .on(t.orderId)
      .where(sql`${t.orderId} is not null`),
  ],
);

export type OfferRow = typeof offers.$inferSelect;
