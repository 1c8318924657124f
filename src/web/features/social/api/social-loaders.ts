import { socialApi } from '../../../../shared/api/social';
import type { FollowState, FollowingPosts, SocialUsers } from '../../../../shared/contracts/social';
import type { ProductList } from '../../../../shared/contracts/catalog';
import { MESSAGES } from '../../../../shared/messages';
import type { ApiClient } from '../../../lib/api-client';

// The social reads of route loaders (`serverApi(context)`). A list that fails to load comes back
// empty with SPEC §8's message (lists reset to empty), so the page still renders around it.

export type Loaded<T> = T & { error: string | null };

async function list<T>(load: () => Promise<T>, empty: T, error: string): Promise<Loaded<T>> {
  try {
    return { ...(await load()), error: null };
  } catch {
    return { ...empty, error };
  }
}

export interface PageOf {
  page: number;
  limit: number;
}

const NO_USERS: SocialUsers = { users: [], recordsCount: 0 };

export const loadFavoriteProducts = (client: ApiClient, query: PageOf) =>
  list<ProductList>(
    () => client.call(socialApi.favoriteProducts, { query }),
    { products: [], recordsCount: 0, totalProducts: 0 },
    MESSAGES.errorLoadingLikedProducts,
  );

export const loadFavoriteUsers = (client: ApiClient, query: PageOf) =>
  list(() => client.call(socialApi.favoriteUsers, { query }), NO_USERS, MESSAGES.errorLoadingUsers);

export const loadFollowing = (client: ApiClient, query: PageOf) =>
  list(
    async () => {
      const answer = await client.call(socialApi.following, { query });
      // Without `id` the answer is always the list; the union's other half is the single member.
      return 'users' in answer ? answer : NO_USERS;
    },
    NO_USERS,
    MESSAGES.errorLoadingUsers,
  );

export const loadBlocked = (client: ApiClient, query: PageOf) =>
  list(() => client.call(socialApi.blockedUsers, { query }), NO_USERS, MESSAGES.errorLoadingUsers);

export const loadFeed = (client: ApiClient, query: PageOf) =>
  list<FollowingPosts>(
    () => client.call(socialApi.followingPosts, { query }),
    { posts: [], recordsCount: 0, totalProducts: 0 },
    MESSAGES.errorLoadingPosts,
  );

/**
 * The signed-in viewer's relation to member `id` (follow, like, block), for a page rendered for
 * them; null when signed out or when it cannot be read (the buttons then start from "not yet").
 */
export async function loadViewerState(
  client: ApiClient,
  context: { signedIn: boolean },
  id: string,
): Promise<FollowState | null> {
  if (!context.signedIn) return null;
  try {
    return await client.call(socialApi.followState, { params: { id } });
  } catch {
    return null;
  }
}
