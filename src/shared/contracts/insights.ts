import { z } from 'zod';
import { requiredAs } from './common';
import { obj, text } from './catalog-model';
import { idField, iso, money } from './commerce-fields';

// Insights (issue 26, docs/decisions/071): what a seller's pages were seen, clicked and sold, by
// day, source, post and link — counted on the server, with no cookie and nothing kept about who.
// Money: major units in the marketplace's currency, like every amount on the wire.

/** A source's longest name (a seller's campaign names are cut to it). */
export const SOURCE_MAX_LENGTH = 40;

export const INSIGHT_RANGES = ['7d', '30d', '90d', '365d'] as const;
export type InsightRange = (typeof INSIGHT_RANGES)[number];
export const INSIGHT_RANGE_DAYS: Record<InsightRange, number> = {
  '7d': 7,
  '30d': 30,
  '90d': 90,
  '365d': 365,
};

/** How long a sale is credited to the source and post seen before the item entered the cart. */
export const ATTRIBUTION_WINDOW_DAYS = 7;
/** Raw events are kept this long, then dropped; the daily totals are kept for ever. */
export const RAW_EVENT_DAYS = 90;

export const insightsQuery = obj({
  range: z
    .enum(INSIGHT_RANGES, { error: 'Choose a range: 7d, 30d, 90d or 365d.' })
    .default('30d'),
  /** Admins only: another seller's insights. */
  userId: idField('a user id').optional(),
});

const counts = {
  views: z.number().int(),
  visitors: z.number().int(),
  clicks: z.number().int(),
  carts: z.number().int(),
  orders: z.number().int(),
  revenue: money,
};
export const insightTotalsSchema = z.object(counts);
export type InsightTotals = z.infer<typeof insightTotalsSchema>;

export const insightsResponse = z.object({
  range: z.enum(INSIGHT_RANGES),
  /** The first and last day of the range (UTC days, `YYYY-MM-DD`, today included). */
  from: z.string(),
  to: z.string(),
  currency: z.string(),
  totals: insightTotalsSchema,
  /** The same numbers for the days just before the range (as many days). */
  previous: insightTotalsSchema,
  /** Ranked by revenue, then views. A range's visitors are the sum of its days' uniques. */
  bySource: z.array(z.object({ source: z.string(), ...counts })),
  byPost: z.array(
    z.object({
      postId: z.string(),
      /** null: the post was deleted. */
      title: z.string().nullable(),
      /** The post's page, while it is public. */
      path: z.string().nullable(),
      views: z.number().int(),
      carts: z.number().int(),
      orders: z.number().int(),
      revenue: money,
    }),
  ),
  byLink: z.array(
    z.object({
      linkId: z.string(),
      /** null: the link was deleted. */
      title: z.string().nullable(),
      clicks: z.number().int(),
      orders: z.number().int(),
      revenue: money,
    }),
  ),
  /** Every day of the range, oldest first, days without events included (zeros). */
  daily: z.array(
    z.object({
      day: z.string(),
      views: z.number().int(),
      visitors: z.number().int(),
      orders: z.number().int(),
      revenue: money,
    }),
  ),
});
export type InsightsResponse = z.infer<typeof insightsResponse>;

/**
 * Where a cart line came from, as POST /insights/cart-adds answered it: kept with the line (in the
 * browser's cart, never a cookie) and sent with POST /orders.
 */
export const attributionSchema = obj({
  postId: idField('a post id'),
  source: z
    .string(requiredAs('text'))
    .max(SOURCE_MAX_LENGTH, `Use at most ${SOURCE_MAX_LENGTH} characters for the source.`)
    .regex(/^[a-z0-9._-]+$/, 'A source is lower-case letters, digits, dots, dashes or underscores.'),
  linkId: idField('a link id').nullable().default(null),
  /** When the item entered the cart (ISO instant). */
  at: z.iso.datetime({ offset: true, error: 'Must be a date and time (ISO 8601).' }),
});
export type Attribution = z.output<typeof attributionSchema>;

/** The page the visitor entered the seller's pages on, as the browser saw it. */
export const landingSchema = obj({
  /** That page's query (`?src=ig`). */
  search: text(2000, ' for the query').default(''),
  /** That page's referrer ('' when none). */
  referrer: text(2000, ' for the referrer').default(''),
  /** A link of the seller's page that led there (`?link=` of a link to a post or tag). */
  linkId: idField('a link id').nullable().default(null),
  /** When (ISO instant): a landing older than the attribution window names no source. */
  at: z.iso.datetime({ offset: true, error: 'Must be a date and time (ISO 8601).' }),
});
export type Landing = z.output<typeof landingSchema>;

/** POST /insights/cart-adds: one item entered the cart (counted for its seller). */
export const cartAddRequest = obj({
  postId: idField('a post id'),
  landing: landingSchema.nullable().default(null),
});
export const cartAddResponse = z.object({ attribution: attributionSchema.nullable() });

export const clearInsightsResponse = z.object({ message: z.string(), at: iso });
