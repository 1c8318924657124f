import { data } from 'react-router';
import { catalogApi } from '../../../../shared/api/catalog';
import type { PublicMember } from '../../../../shared/contracts/accounts';
import type { Product, ProductList, Tag } from '../../../../shared/contracts/catalog';
import { MESSAGES } from '../../../../shared/messages';
import { ApiError, type ApiClient } from '../../../lib/api-client';
import type { ListQuery } from '../list-query';

/**
 * The catalogue's reads for loaders (`serverApi(context)`). A list that fails to load comes back
 * empty with SPEC §8's message (lists reset to empty), so the page still renders around it.
 */
export interface ListState extends ProductList {
  error: string | null;
}

const EMPTY: ProductList = { products: [], recordsCount: 0, totalProducts: 0 };

async function list(load: () => Promise<ProductList>, error: string): Promise<ListState> {
  try {
    return { ...(await load()), error: null };
  } catch (err) {
    // A 404 (unknown seller or tag) is an empty list, not a failure.
    if (err instanceof ApiError && err.status === 404) return { ...EMPTY, error: null };
    return { ...EMPTY, error };
  }
}

const publicQuery = ({ page, sort, limit, tag }: ListQuery) => ({
  page,
  sort,
  limit,
  ...(tag ? { tag } : {}),
});
const managedQuery = (q: ListQuery) => ({
  ...publicQuery(q),
  ...(q.status ? { status: q.status } : {}),
  ...(q.q ? { q: q.q } : {}),
});

export const listProducts = (client: ApiClient, q: ListQuery) =>
  list(
    () => client.call(catalogApi.products, { query: publicQuery(q) }),
    MESSAGES.errorLoadingPosts,
  );

export const listProductsByTag = (client: ApiClient, tag: string, q: ListQuery) =>
  list(
    () =>
      client.call(catalogApi.productsByTag, {
        params: { tag },
        query: publicQuery({ ...q, tag: undefined }),
      }),
    MESSAGES.errorLoadingPostsByTag,
  );

export const listProductsByUser = (client: ApiClient, username: string, q: ListQuery) =>
  list(
    () => client.call(catalogApi.productsByUser, { params: { username }, query: publicQuery(q) }),
    MESSAGES.errorLoadingPostsByUser,
  );

export const listMyProducts = (client: ApiClient, q: ListQuery) =>
  list(
    () => client.call(catalogApi.myProducts, { query: managedQuery(q) }),
    MESSAGES.errorLoadingYourPosts,
  );

export const listAdminProducts = (client: ApiClient, q: ListQuery) =>
  list(
    () => client.call(catalogApi.adminProducts, { query: managedQuery(q) }),
    MESSAGES.errorLoadingPosts,
  );

/** How many posts I have (every status); null with the message when the count failed. */
export async function countMyProducts(
  client: ApiClient,
): Promise<{ count: number | null; error: string | null }> {
  try {
    const answer = await client.call(catalogApi.myProducts, { query: { countOnly: 'true' } });
    return { count: answer.totalProducts, error: null };
  } catch {
    return { count: null, error: MESSAGES.errorFetchingProductsCount };
  }
}

/**
 * One post, or null when there is none to show this visitor (unknown id, or a draft of someone
 * else: 404/403/400). Other failures are the error page's 500 'Error loading posts'.
 */
export async function getProduct(client: ApiClient, id: string): Promise<Product | null> {
  try {
    return (await client.call(catalogApi.product, { params: { id } })).product;
  } catch (err) {
    if (err instanceof ApiError && [400, 403, 404].includes(err.status)) return null;
    throw data(MESSAGES.errorLoadingPosts, { status: 500 });
  }
}

/** The available tags with their counts; an empty list when they cannot be read (never fatal). */
export async function listTags(client: ApiClient): Promise<Tag[]> {
  try {
    return (await client.call(catalogApi.tags, {})).tags;
  } catch {
    return [];
  }
}

/** Search: published posts and the people (members) the query names (docs/decisions/059). */
export async function searchProducts(
  client: ApiClient,
  query: string,
): Promise<{ results: Product[]; people: PublicMember[]; error: string | null }> {
  try {
    const found = await client.call(catalogApi.search, { body: { query } });
    return { results: found.results, people: found.people, error: null };
  } catch {
    return { results: [], people: [], error: MESSAGES.errorLoadingPosts };
  }
}

/**
 * One seller's published posts matching `query`, best first (the search box of their page): at
 * most `limit`; an empty list with SPEC §8's message when the search failed.
 */
export async function searchSellerPosts(
  client: ApiClient,
  username: string,
  query: string,
  limit: number,
): Promise<{ results: Product[]; error: string | null }> {
  try {
    const found = await client.call(catalogApi.search, { body: { query, username, limit } });
    return { results: found.results, error: null };
  } catch {
    return { results: [], error: MESSAGES.errorLoadingPostsByUser };
  }
}
