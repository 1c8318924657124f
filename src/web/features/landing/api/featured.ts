import { catalogApi } from '../../../../shared/api/catalog';
import type { FeaturedSeller } from '../../../../shared/contracts/featured';
import { MESSAGES } from '../../../../shared/messages';
import type { ApiClient } from '../../../lib/api-client';

/** How many sellers the home page features (two rows on wide screens). */
export const FEATURED_SELLERS = 6;

export interface FeaturedSellersState {
  sellers: FeaturedSeller[];
  /** SPEC §8's message when the list failed (it is then empty and the page renders around it). */
  error: string | null;
}

/** The home page's featured sellers (GET /sellers/featured, docs/decisions/036), for its loader. */
export async function loadFeaturedSellers(client: ApiClient): Promise<FeaturedSellersState> {
  try {
    const { sellers } = await client.call(catalogApi.featuredSellers, {
      query: { limit: FEATURED_SELLERS },
    });
    return { sellers, error: null };
  } catch {
    return { sellers: [], error: MESSAGES.errorLoadingUsers };
  }
}
