import { catalogApi } from '../../../../shared/api/catalog';
import type { FeaturedSeller } from '../../../../shared/contracts/featured';
import { truncate } from '../../../../shared/format';
import { MESSAGES } from '../../../../shared/messages';
import type { ApiClient } from '../../../lib/api-client';

/** How many sellers the home page features (two rows on wide screens). */
export const FEATURED_SELLERS = 6;

/** How much of a seller's bio the card shows. */
const BIO_LENGTH = 120;

/**
 * What a featured seller's card shows (FeaturedSellers), and nothing else: the page's inline data
 * carries these, not the whole answer (docs/decisions/046).
 */
export interface FeaturedSellerView {
  _id: string;
  username: string;
  name: string;
  /** The bio as the card shows it: its first 120 characters. */
  bio: string;
  /** The avatar's thumbnail, or null. */
  avatar: string | null;
  postsCount: number;
  followersCount: number;
  recentSalesCount: number;
}

/** A featured seller's card: exactly the fields above. */
export const toFeaturedView = (s: FeaturedSeller): FeaturedSellerView => ({
  _id: s._id,
  username: s.username,
  name: s.name,
  bio: truncate(s.bio, BIO_LENGTH),
  avatar: s.image?.thumbnail ?? null,
  postsCount: s.postsCount,
  followersCount: s.followersCount,
  recentSalesCount: s.recentSalesCount,
});

export interface FeaturedSellersState {
  sellers: FeaturedSellerView[];
  /** SPEC §8's message when the list failed (it is then empty and the page renders around it). */
  error: string | null;
}

/** The home page's featured sellers (GET /sellers/featured, docs/decisions/036), for its loader. */
export async function loadFeaturedSellers(client: ApiClient): Promise<FeaturedSellersState> {
  try {
    const { sellers } = await client.call(catalogApi.featuredSellers, {
      query: { limit: FEATURED_SELLERS },
    });
    return { sellers: sellers.map(toFeaturedView), error: null };
  } catch {
    return { sellers: [], error: MESSAGES.errorLoadingUsers };
  }
}
