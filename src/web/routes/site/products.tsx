import { Link } from 'react-router';
import type { Route } from './+types/products';
import { listProductsByUser } from '../../features/catalog/api/catalog-api';
import { toCardList } from '../../features/catalog/browse/card-view';
import { PostList } from '../../features/catalog/browse/PostList';
import { listQueryFromUrl } from '../../features/catalog/list-query';
import { siteMeta } from '../../features/sites/site-meta';
import { loadSiteOfPage } from '../../features/sites/api/get-site';
import { useSite } from '../../features/sites/use-user-site';
import { SiteSearch } from '../../features/sites/components/SiteSearch';
import { SellerSearchResults, loadSellerSearch } from './seller-search';
import { serverApi } from '../../lib/api';
import { pageMeta } from '../../lib/meta';
import { postPath } from '../../../shared/post-path';
import { redirectToSitePost } from './seller';

/**
 * `/{username}/products`: the seller's published posts; `?q=` searches them (their page's search
 * box). `/{username}/products/:id` is the same post as `/{username}/{slug}-{shortId}`, its one
 * address on the site: a permanent redirect there.
 */
export async function loader({ params, url, context }: Route.LoaderArgs) {
  if (params.id) await redirectToSitePost(context, { ...params, id: params.id }, url);
  const site = await loadSiteOfPage(context, params.username, url.pathname);
  const query = listQueryFromUrl(url);
  if (query.q) {
    return {
      kind: 'search' as const,
      q: query.q,
      ...(await loadSellerSearch(serverApi(context), site.owner.username, query.q)),
      meta: siteMeta(context, site, {
        title: `Search: ${query.q}`,
        description: `Posts by ${site.name} matching “${query.q}”.`,
        location: url,
        noindex: true,
      }),
    };
  }
  return {
    kind: 'list' as const,
    // Cards, not whole posts, in the page's inline data (card-view.ts).
    list: toCardList(await listProductsByUser(serverApi(context), site.owner.username, query)),
    query,
    href: url.pathname + url.search,
    meta: siteMeta(context, site, {
      title: 'Products',
      description: `Everything ${site.name} has for sale, newest first.`,
      location: url,
    }),
  };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData?.meta ?? pageMeta(matches, 'Products');

export default function SiteProducts({ loaderData }: Route.ComponentProps) {
  const site = useSite();
  if (!site) return null;
  if (loaderData.kind === 'search')
    return (
      <SellerSearchResults
        username={site.username}
        name={site.site.name}
        q={loaderData.q}
        results={loaderData.results}
        error={loaderData.error}
        hrefFor={(p) => postPath(site.username, p)}
      />
    );
  const { list, query, href } = loaderData;
  return (
    <div data-testid="site-products">
      <h1 className="mb-6 text-3xl font-bold tracking-tight">
        Products by <bdi>{site.site.name}</bdi>
      </h1>
      <div className="mb-6">
        <SiteSearch username={site.username} name={site.site.name} />
      </div>
      <PostList
        showSeller={false}
        list={list}
        query={query}
        href={href}
        hrefFor={(p) => postPath(site.username, p)}
        label={`Products by ${site.site.name}`}
        empty={
          <p>
            <bdi>{site.site.name}</bdi> has nothing for sale right now.{' '}
            <Link to="/marketplace" className="link">
              Browse the marketplace
            </Link>
            .
          </p>
        }
      />
    </div>
  );
}
