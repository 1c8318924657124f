import { data, redirect } from 'react-router';
import { listProductsByUser } from '../../features/catalog/api/catalog-api';
import { loadPost } from '../../features/catalog/post-page';
import { sellerTags } from '../../features/catalog/seller-tags';
import type { Product } from '../../../shared/contracts/catalog';
import { PRODUCT_LIMITS } from '../../../shared/contracts/catalog-rules';
import type { PublicSite } from '../../../shared/contracts/sites';
import { MESSAGES } from '../../../shared/messages';
import { parsePostSegment, postPath, postSegment } from '../../../shared/post-path';
import { loadSiteOfPage } from '../../features/sites/api/get-site';
import { serverApi } from '../../lib/api';
import type { ApiClient } from '../../lib/api-client';

// Loader helpers of the `/:username/…` pages (server only): the page's site comes from
// loadSiteOfPage (features/sites/api/get-site.ts, one read per request), its seller is the
// site's owner.

/**
 * The tags of a seller's posts, most used first (their page's filter): read from their newest
 * posts, one page of the largest size.
 */
export async function loadSellerTags(client: ApiClient, site: PublicSite): Promise<string[]> {
  const all = await listProductsByUser(client, site.owner.username, {
    page: 1,
    sort: 'newest',
    limit: PRODUCT_LIMITS.pageSizeMax,
  });
  return sellerTags(all.products);
}

/**
 * The seller's post that an address segment names (any form of it: its uuid, `{slug}-{shortId}`),
 * with the site and whether the segment is the post's current one; a 404 for anyone else's post.
 */
export async function findSitePost(
  context: { apiFetch: typeof fetch },
  username: string | undefined,
  segment: string,
  pathname: string,
) {
  const ref = parsePostSegment(segment);
  if (!ref) throw data(MESSAGES.pageNotFound, { status: 404 });
  const [site, product] = await Promise.all([
    loadSiteOfPage(context, username, pathname),
    loadPost(serverApi(context), 'uuid' in ref ? ref.uuid : ref.shortId),
  ]);
  if (product.user._id !== site.owner._id) throw data(MESSAGES.pageNotFound, { status: 404 });
  return { site, product, current: 'segment' in ref && ref.segment === postSegment(product) };
}

/**
 * A post of this page's seller, with the site (their draft too, for them): a 404 for anyone else's
 * post. The site and the post are read side by side. The post is named by the last segment of its
 * address (`{slug}-{shortId}`, docs/decisions/062); any other form of it — an old slug after a
 * rename, the post's uuid in links made before slugs — is answered with one permanent redirect to
 * the current address, the rest of the path (`/preview`) and the query kept.
 */
export async function loadSitePost(
  context: { apiFetch: typeof fetch },
  params: { username?: string; id: string },
  url: URL,
): Promise<{ site: PublicSite; product: Product }> {
  const { site, product, current } = await findSitePost(
    context,
    params.username,
    params.id,
    url.pathname,
  );
  if (!current) {
    const below = url.pathname.split('/').slice(3).join('/');
    const path = postPath(site.owner.username, product);
    throw redirect(`${path}${below ? `/${below}` : ''}${url.search}`, 301);
  }
  return { site, product };
}

/** `/{username}/products/{id}`, an older address of a post: one permanent redirect to its page. */
export async function redirectToSitePost(
  context: { apiFetch: typeof fetch },
  params: { username?: string; id: string },
  url: URL,
): Promise<never> {
  const { site, product } = await findSitePost(context, params.username, params.id, url.pathname);
  throw redirect(`${postPath(site.owner.username, product)}${url.search}`, 301);
}
