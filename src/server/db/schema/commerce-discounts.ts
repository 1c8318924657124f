// Sellers' discount codes and their redemptions (issue 27, docs/decisions/073). Owned by the
// commerce module (re-exported by commerce.ts): POST /orders redeems a code in the order's own
// transaction and releasing an unpaid order gives its use back.
import { sql } from 'drizzle-orm';
import {
  boolean,
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
import { DISCOUNT_KINDS, DISCOUNT_SCOPES } from '../../../shared/contracts/discount-rules';
import { users } from './accounts';
import { orders, transactions } from './commerce';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/** A seller's code: what it takes off, on what, when and how often. */
export const discountCodes = pgTable(
  'discount_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** As the seller typed it; matched case-insensitively (the unique index is on lower(code)). */
    code: text('code').notNull(),
    kind: text('kind', { enum: DISCOUNT_KINDS }).notNull(),
    /** A whole percent (1–100) for `percent`, minor units for `amount`. */
    value: integer('value').notNull(),
    scope: text('scope', { enum: DISCOUNT_SCOPES }).notNull().default('shop'),
    /** The seller's posts it applies to when scope is `posts`. */
    postIds: jsonb('post_ids')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** The seller's part of the order (items, before the discount) must reach this. */
    minOrderMinor: integer('min_order_minor').notNull().default(0),
    startsAt: ts('starts_at'),
    endsAt: ts('ends_at'),
    /** null: unlimited. */
    maxUses: integer('max_uses'),
    maxUsesPerBuyer: integer('max_uses_per_buyer'),
    /** Orders holding a use (unpaid ones too; a released unpaid order gives it back). */
    uses: integer('uses').notNull().default(0),
    active: boolean('active').notNull().default(true),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('discount_codes_seller_code_idx').on(t.sellerId, sql`lower(${t.code})`),
    check('discount_codes_uses_check', sql`${t.uses} >= 0`),
  ],
);
export type DiscountCodeRow = typeof discountCodes.$inferSelect;

/** One use of a code by one order's seller part: counted per buyer, deleted when given back. */
export const discountRedemptions = pgTable(
  'discount_redemptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    codeId: uuid('code_id')
      .notNull()
      .references(() => discountCodes.id, { onDelete: 'cascade' }),
    buyerId: uuid('buyer_id').references(() => users.id, { onDelete: 'set null' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('discount_redemptions_code_buyer_idx').on(t.codeId, t.buyerId),
    index('discount_redemptions_order_idx').on(t.orderId),
  ],
);
