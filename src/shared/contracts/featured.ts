import { z } from 'zod';
import { imageSchema } from './common';

/** How many sellers the home page may ask for at once. */
export const FEATURED_SELLERS_MAX = 12;
export const FEATURED_SELLERS_DEFAULT = 6;

// ---- GET /sellers/featured (the home page's "Featured sellers", docs/decisions/036) ----
export const featuredSellersQuery = z.object({
  limit: z.coerce
    .number({ error: 'Must be a number.' })
    .int('Must be a whole number.')
    .min(1, 'Must be at least 1.')
    .max(FEATURED_SELLERS_MAX, `Must be at most ${FEATURED_SELLERS_MAX}.`)
    .default(FEATURED_SELLERS_DEFAULT),
});
export type FeaturedSellersQuery = z.input<typeof featuredSellersQuery>;

/** A seller as the home page shows them: who they are and why they are worth a visit. */
export const featuredSellerSchema = z.object({
  _id: z.string(),
  username: z.string(),
  name: z.string(),
  bio: z.string(),
  image: imageSchema.nullable(),
  /** Their published, listed posts. */
  postsCount: z.number().int(),
  followersCount: z.number().int(),
  likesCount: z.number().int(),
  /** Paid sales in the last 30 days. */
  recentSalesCount: z.number().int(),
});
export type FeaturedSeller = z.infer<typeof featuredSellerSchema>;

export const featuredSellersResponse = z.object({ sellers: z.array(featuredSellerSchema) });
export type FeaturedSellersResponse = z.infer<typeof featuredSellersResponse>;
