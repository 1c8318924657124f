// Tables of the insights module (issue 26, docs/decisions/071): raw events, append-only and
// partitioned by day (the migration declares the partitioning; Drizzle only reads and writes the
// parent), the daily totals they are folded into, the daily salts of the visitor hash, and how
// far the folding has gone. Nothing here names a visitor: no address, no user agent, no user id.
import {
  bigint,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/** What happened: a page seen, a link clicked, an item into a cart, an order placed, paid, taken back. */
export const INSIGHT_EVENT_KINDS = [
  'view',
  'click',
  'cart',
  'checkout',
  'order',
  'refund',
] as const;
export type InsightEventKind = (typeof INSIGHT_EVENT_KINDS)[number];

/**
 * One event. `day` is the UTC day of `at` (the partition key). `visitor` is the day's keyed hash
 * (views only). `orders` is +1 for a purchase, −1 for a sale cancelled whole, 0 otherwise;
 * `amount_minor` is the revenue it adds (negative for a refund). `times` counts identical events
 * written as one row: every sum over the table weighs a row by it.
 */
export const insightEvents = pgTable(
  'insight_events',
  {
    day: date('day', { mode: 'string' }).notNull(),
    at: ts('at').notNull(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: INSIGHT_EVENT_KINDS }).notNull(),
    source: text('source').notNull(),
    postId: uuid('post_id'),
    linkId: uuid('link_id'),
    visitor: text('visitor'),
    orders: smallint('orders').notNull().default(0),
    amountMinor: integer('amount_minor').notNull().default(0),
    /** How many times this same event happened in one flush (a visitor reloading, a crawl of views). */
    times: integer('times').notNull().default(1),
  },
  (t) => [index('insight_events_seller_day_idx').on(t.sellerId, t.day)],
);
export type InsightEventRow = typeof insightEvents.$inferInsert;

/**
 * A day's events folded, per seller × source × post × link (the empty UUID stands for "none", so
 * the key has no nulls). Kept for as long as the seller's account.
 */
export const insightDaily = pgTable(
  'insight_daily',
  {
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    source: text('source').notNull(),
    postId: uuid('post_id').notNull(),
    linkId: uuid('link_id').notNull(),
    views: integer('views').notNull().default(0),
    clicks: integer('clicks').notNull().default(0),
    carts: integer('carts').notNull().default(0),
    checkouts: integer('checkouts').notNull().default(0),
    orders: integer('orders').notNull().default(0),
    revenueMinor: bigint('revenue_minor', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.sellerId, t.day, t.source, t.postId, t.linkId] })],
);

/** A day's unique visitors per seller and source; source `*` is the day's total (exact). */
export const insightDailyVisitors = pgTable(
  'insight_daily_visitors',
  {
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    source: text('source').notNull(),
    visitors: integer('visitors').notNull(),
  },
  (t) => [primaryKey({ columns: [t.sellerId, t.day, t.source] })],
);

/** The one thing a row of insight_daily_dimensions sums by: its key is a source, a post id or a link id. */
export const INSIGHT_DIMENSIONS = ['source', 'post', 'link'] as const;
export type InsightDimension = (typeof INSIGHT_DIMENSIONS)[number];

/**
 * A day's folded totals per seller by one dimension at a time: per source (every event has one,
 * so a day's sources add up to its totals), per post, per link (only events that had one).
 * insight_daily's rows summed one way each, folded with them: what GET /insights reads, a few
 * hundred rows a day for the busiest seller where insight_daily has thousands (every source ×
 * post × link seen together).
 */
export const insightDailyDimensions = pgTable(
  'insight_daily_dimensions',
  {
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    dimension: text('dimension', { enum: INSIGHT_DIMENSIONS }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    key: text('key').notNull(),
    views: integer('views').notNull().default(0),
    clicks: integer('clicks').notNull().default(0),
    carts: integer('carts').notNull().default(0),
    orders: integer('orders').notNull().default(0),
    revenueMinor: bigint('revenue_minor', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.sellerId, t.dimension, t.day, t.key] })],
);

/**
 * insight_daily_dimensions summed over each calendar month that is over and folded (written when
 * its last day is folded): a year's ranking by post reads ~12 × 200 month rows and the days at
 * the range's two ends instead of ~70,000 day rows. `month` is the month's first day.
 */
export const insightMonthlyDimensions = pgTable(
  'insight_monthly_dimensions',
  {
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    dimension: text('dimension', { enum: INSIGHT_DIMENSIONS }).notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    key: text('key').notNull(),
    views: integer('views').notNull().default(0),
    clicks: integer('clicks').notNull().default(0),
    carts: integer('carts').notNull().default(0),
    orders: integer('orders').notNull().default(0),
    revenueMinor: bigint('revenue_minor', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.sellerId, t.dimension, t.month, t.key] })],
);

/** The random key of a UTC day's visitor hash: deleted two days after the day began. */
export const insightSalts = pgTable('insight_salts', {
  day: date('day', { mode: 'string' }).primaryKey(),
  salt: text('salt').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** How far the raw events are folded into the daily tables: every day up to `folded_through`. */
export const insightRollups = pgTable('insight_rollups', {
  id: smallint('id').primaryKey().default(1),
  foldedThrough: date('folded_through', { mode: 'string' }),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** The daily tables' "no post" / "no link" (their keys have no nulls). */
export const EMPTY_ID = '00000000-0000-0000-0000-000000000000';
