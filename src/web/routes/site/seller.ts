import { data } from 'react-router';
import { listProductsByUser } from '../../features/catalog/api/catalog-api';
import { loadPost } from '../../features/catalog/post-page';
import { sellerTags } from '../../features/catalog/seller-tags';
import type { Product } from '../../../shared/contracts/catalog';
import { PRODUCT_LIMITS } from '../../../shared/contracts/catalog-rules';
import type { PublicSite } from '../../../shared/contracts/sites';
import { MESSAGES } from '../../../shared/messages';
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
 * A post of this page's seller, with the site (their draft too, for them): a 404 for anyone else's
 * post. The site and the post are read side by side.
 */
export async function loadSitePost(
  context: { apiFetch: typeof fetch },
  params: { username?: string; id: string },
  pathname: string,
): Promise<{ site: PublicSite; product: Product }> {
  const [site, product] = await Promise.all([
    loadSiteOfPage(context, params.username, pathname),
    loadPost(serverApi(context), params.id),
  ]);
  if (product.user._id !== site.owner._id) throw data(MESSAGES.pageNotFound, { status: 404 });
  return { site, product };
}
