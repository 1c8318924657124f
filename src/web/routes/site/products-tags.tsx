import { Link } from 'react-router';
import type { Route } from './+types/products-tags';
import { listSellerProducts } from '../../features/catalog/api/catalog-api';
import { PostList } from '../../features/catalog/browse/PostList';
import { TagLinks } from '../../features/catalog/browse/TagLinks';
import { sellerTags } from '../../features/catalog/seller-tags';
import { listQueryFromUrl } from '../../features/catalog/list-query';
import { siteNameFromMatches, useSite } from '../../features/sites/use-user-site';
import { PRODUCT_LIMITS } from '../../../shared/contracts/catalog-rules';
import { serverApi } from '../../lib/api';
import { pageMeta } from '../../lib/meta';
import { sellerCandidates } from './seller';

/** `/{username}/products/tags/:tag?`: the seller's tags, or their posts with one tag. */
export async function loader({ params, url, context }: Route.LoaderArgs) {
  const client = serverApi(context);
  const sellers = sellerCandidates(params.username);
  const query = { ...listQueryFromUrl(url), ...(params.tag ? { tag: params.tag } : {}) };
  // The seller's tags come from their posts (one page of the largest size).
  const [list, all] = await Promise.all([
    params.tag ? listSellerProducts(client, sellers, query) : null,
    listSellerProducts(client, sellers, {
      page: 1,
      sort: 'newest',
      limit: PRODUCT_LIMITS.pageSizeMax,
    }),
  ]);
  return {
    tag: params.tag ?? null,
    list,
    query,
    tags: sellerTags(all.products),
    href: url.pathname + url.search,
  };
}

export const meta: Route.MetaFunction = ({ matches, params }) =>
  pageMeta(
    matches,
    `${params.tag ? `#${params.tag}` : 'Tags'} · ${siteNameFromMatches(matches) ?? ''}`,
  );

export default function SiteProductsByTag({ loaderData }: Route.ComponentProps) {
  const site = useSite();
  if (!site) return null;
  const { tag, list, query, tags, href } = loaderData;
  const base = `/${encodeURIComponent(site.username)}`;
  return (
    <div data-testid="site-tag-page" data-tag={tag ?? undefined}>
      <h1 className="text-3xl font-bold tracking-tight">{tag ? `#${tag}` : 'Tags'}</h1>
      <p className="mt-2 mb-6 max-w-2xl opacity-90">
        {tag
          ? `Posts by ${site.site.name} tagged “${tag}”.`
          : `The tags ${site.site.name} uses. Pick one to see its posts.`}
      </p>
      <div className="mb-8">
        <TagLinks
          tags={tags}
          username={site.username}
          current={tag ?? undefined}
          label="Tags of this seller"
        />
      </div>
      {list ? (
        <PostList
          list={list}
          query={query}
          href={href}
          hrefFor={(p) => `${base}/${encodeURIComponent(p._id)}`}
          label={`Posts tagged ${tag}`}
          empty={
            <p>
              No posts with this tag.{' '}
              <Link to={`${base}/products`} className="link">
                See everything {site.site.name} sells
              </Link>
              .
            </p>
          }
        />
      ) : (
        tags.length === 0 && (
          <p data-testid="list-empty">
            No tags yet.{' '}
            <Link to={base} className="link">
              Back to {site.site.name}
            </Link>
          </p>
        )
      )}
    </div>
  );
}
