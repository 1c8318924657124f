// Tables of the catalog module (modules/catalog writes them; others may only read).
import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { PRODUCT_STATUSES, type MEDIA_TYPES } from '../../../shared/contracts/catalog-rules';
import { users } from './accounts';

export { PRODUCT_STATUSES };

/** PostgreSQL's tsvector; filled by the `products_search_update` trigger, never by the app. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** One option of a variation as stored (money in minor units). */
export interface StoredVariationOption {
  name: string;
  priceDeltaMinor: number;
  stock: number | null;
}
export interface StoredVariation {
  name: string;
  options: StoredVariationOption[];
}

/** One media item of a post as stored; the order of the array is the order shown. */
export interface StoredMedia {
  id: string;
  type: (typeof MEDIA_TYPES)[number];
  alt: string;
  /** Images: thumbnail variants, smallest first. */
  thumbnails: { url: string; width: number }[];
  /** Images: large variants, smallest first; video/audio: the one file (width 0). */
  fullsizes: { url: string; width: number }[];
  width: number | null;
  height: number | null;
  /** Every storage key this item owns, deleted with it. */
  keys: string[];
  /** A picture made by the AI image generator: the post shows an "AI generated" badge on it. */
  aiGenerated?: true;
}

export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /**
     * The post's id in its address (`/{username}/{slug}-{shortId}`, docs/decisions/062): 12 hex
     * digits of a fresh random uuid, drawn by the database for every row (existing rows got theirs
     * when the column was added); the unique index makes a clash an error, never a shared address.
     */
    shortId: text('short_id')
      .notNull()
      .default(sql`substr(replace(gen_random_uuid()::text, '-', ''), 1, 12)`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    priceMinor: integer('price_minor').notNull(),
    shippingMinor: integer('shipping_minor').notNull().default(0),
    stock: integer('stock').notNull().default(1),
    status: text('status', { enum: PRODUCT_STATUSES }).notNull().default('published'),
    variations: jsonb('variations')
      .$type<StoredVariation[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    medias: jsonb('medias')
      .$type<StoredMedia[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    likesCount: integer('likes_count').notNull().default(0),
    /**
     * True while the seller is suspended: the post leaves every public list, search, page and
     * tag count, and comes back as it was when the seller is reinstated (its status untouched).
     */
    sellerHidden: boolean('seller_hidden').notNull().default(false),
    /** The seller takes offers on this post (docs/decisions/076). */
    allowOffers: boolean('allow_offers').notNull().default(false),
    search: tsvector('search'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Public lists: published posts in each order (id breaks ties, so pages never overlap).
    // (status, seller_hidden) lead, so "published and listed" is an index prefix read in order.
    index('products_status_created_idx').on(
      t.status,
      t.sellerHidden,
      t.createdAt.desc(),
      t.id.desc(),
    ),
    index('products_status_price_idx').on(t.status, t.sellerHidden, t.priceMinor, t.id),
    index('products_status_likes_idx').on(
      t.status,
      t.sellerHidden,
      t.likesCount.desc(),
      t.id.desc(),
    ),
    // A seller's lists (their page: published; their own: every status).
    index('products_user_status_created_idx').on(
      t.userId,
      t.status,
      t.createdAt.desc(),
      t.id.desc(),
    ),
    index('products_user_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    index('products_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('products_tags_idx').using('gin', t.tags),
    index('products_search_idx').using('gin', t.search),
    index('products_title_trgm_idx').using('gin', sql`${t.title} gin_trgm_ops`),
    uniqueIndex('products_short_id_unique_idx').on(t.shortId),
  ],
);

export type ProductRow = typeof products.$inferSelect;
export type NewProductRow = typeof products.$inferInsert;

/**
 * The tag vocabulary: tags admins add (`curated`) and tags posts use, each with the number of
 * published posts carrying it, kept current in the same transaction as every post write.
 */
export const tags = pgTable(
  'tags',
  {
    name: text('name').primaryKey(),
    publishedCount: integer('published_count').notNull().default(0),
    curated: boolean('curated').notNull().default(false),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('tags_published_count_idx').on(t.publishedCount.desc(), t.name)],
);

export type TagRow = typeof tags.$inferSelect;

/**
 * The words of published and unpublished titles and tags (3+ letters or digits, lower case), kept
 * by the `products_search_update` trigger; search corrects a misspelt query word to its nearest
 * entries here (pg_trgm `%`, GIN trgm index) — a small table, unlike the titles themselves. Words
 * are never removed: a stale one only finds nothing.
 */
export const searchWords = pgTable('search_words', { word: text('word').primaryKey() }, (t) => [
  index('search_words_trgm_idx').using('gin', sql`${t.word} gin_trgm_ops`),
]);
