import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { DOMAIN_LOSS_REASONS, HEADER_BRANDINGS } from '../../../shared/contracts/sites';
import type { LinkIcon } from '../../../shared/site-links';
import { users } from './accounts';
import { products } from './catalog';

export { HEADER_BRANDINGS };

// Tables of the sites module.

/** A user's branded page at /{username}. One per user, created with the account. */
export const sites = pgTable(
  'sites',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Normalised (lower case, punycode, no port); live only once `domainVerifiedAt` is set. */
    domainName: text('domain_name'),
    /** The token the owner publishes (TXT record or served file) to prove the domain is theirs. */
    domainToken: text('domain_token'),
    domainVerifiedAt: timestamp('domain_verified_at', { withTimezone: true }),
    domainCheckedAt: timestamp('domain_checked_at', { withTimezone: true }),
    domainLastError: text('domain_last_error'),
    /**
     * Set when a check of a verified domain found the proof gone: the domain stays served for a
     * grace period from then (docs/decisions/049); a check that finds the proof again clears it.
     */
    domainProofMissingSince: timestamp('domain_proof_missing_since', { withTimezone: true }),
    /** The owner's last lost domain, kept so the editor can say what happened, and why. */
    domainLostName: text('domain_lost_name'),
    domainLostReason: text('domain_lost_reason', { enum: DOMAIN_LOSS_REASONS }),
    domainLostAt: timestamp('domain_lost_at', { withTimezone: true }),
    description: text('description').notNull().default(''),
    imageThumbnail: text('image_thumbnail'),
    imageFullsize: text('image_fullsize'),
    /** Storage keys of the current logo, so a replaced logo can be deleted. */
    imageKeys: text('image_keys')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    headerBackgroundColor: text('header_background_color').notNull().default('#ffffff'),
    headerTextColor: text('header_text_color').notNull().default('#111827'),
    footerBackgroundColor: text('footer_background_color').notNull().default('#111827'),
    footerTextColor: text('footer_text_color').notNull().default('#f9fafb'),
    headerBranding: text('header_branding', { enum: HEADER_BRANDINGS }).notNull().default('name'),
    backgroundColor: text('background_color').notNull().default('#f9fafb'),
    textColor: text('text_color').notNull().default('#111827'),
    buttonBackgroundColor: text('button_background_color').notNull().default('#4f46e5'),
    buttonTextColor: text('button_text_color').notNull().default('#ffffff'),
    fontFamily: text('font_family').notNull().default('system-ui'),
    fontScale: real('font_scale').notNull().default(1),
    /** IANA name; link windows and daily click counts are read in it (docs/decisions/065). */
    timeZone: text('time_zone').notNull().default('UTC'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sites_user_id_idx').on(t.userId),
    // Claims don't block (docs/decisions/049): any number of sites may hold a pending claim on a
    // domain, looked up by this index; only a verified domain is one site's alone.
    index('sites_domain_name_idx')
      .on(t.domainName)
      .where(sql`${t.domainName} is not null`),
    uniqueIndex('sites_verified_domain_unique_idx')
      .on(sql`lower(${t.domainName})`)
      .where(sql`${t.domainVerifiedAt} is not null`),
  ],
);

export type SiteRow = typeof sites.$inferSelect;

/**
 * A seller's links (docs/decisions/065), in `position` order. Each opens exactly one of: a URL
 * (checked by src/shared/site-links.ts), one of the seller's posts, or one of their tags. The
 * window's edges are instants; the editor shows them in the site's time zone.
 */
export const siteLinks = pgTable(
  'site_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    title: text('title').notNull(),
    url: text('url'),
    /** A deleted post takes its links with it: they would open nothing. */
    postId: uuid('post_id').references(() => products.id, { onDelete: 'cascade' }),
    tag: text('tag'),
    /** The icon as chosen; null: picked from the URL when shown. */
    icon: text('icon').$type<LinkIcon>(),
    enabled: boolean('enabled').notNull().default(true),
    featured: boolean('featured').notNull().default(false),
    social: boolean('social').notNull().default(false),
    showFrom: timestamp('show_from', { withTimezone: true }),
    showUntil: timestamp('show_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('site_links_site_position_idx').on(t.siteId, t.position),
    // At most one featured link per seller, whatever writes the rows.
    uniqueIndex('site_links_one_featured_idx')
      .on(t.siteId)
      .where(sql`${t.featured}`),
    index('site_links_post_id_idx')
      .on(t.postId)
      .where(sql`${t.postId} is not null`),
    check('site_links_one_target', sql`num_nonnulls(${t.url}, ${t.postId}, ${t.tag}) = 1`),
  ],
);

export type SiteLinkRow = typeof siteLinks.$inferSelect;

/**
 * Counted clicks of a link, one row per day of the site's time zone: nothing about who clicked
 * (no address, agent or cookie) is stored (docs/decisions/065).
 */
export const siteLinkClicks = pgTable(
  'site_link_clicks',
  {
    linkId: uuid('link_id')
      .notNull()
      .references(() => siteLinks.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.linkId, t.day] })],
);
