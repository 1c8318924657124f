import { Link } from 'react-router';
import type { Route } from './+types/products-tags';
import { listProductsByUser } from '../../features/catalog/api/catalog-api';
import { PostList } from '../../features/catalog/browse/PostList';
import { TagLinks } from '../../features/catalog/browse/TagLinks';
import { listQueryFromUrl } from '../../features/catalog/list-query';
import { siteMeta } from '../../features/sites/site-meta';
import { sitePath } from '../../features/sites/site-paths';
import { postPath } from '../../../shared/post-path';
import { loadSiteOfPage } from '../../features/sites/api/get-site';
import { useSite } from '../../features/sites/use-user-site';
import { serverApi } from '../../lib/api';
import { pageMeta } from '../../lib/meta';
import { loadSellerTags } from './seller';

/** `/{username}/products/tags/:tag?`: the seller's tags, or their posts with one tag. */
export async function loader({ params, url, context }: Route.LoaderArgs) {
  const client = serverApi(context);
  const site = await loadSiteOfPage(context, params.username, url.pathname);
  const query = { ...listQueryFromUrl(url), ...(params.tag ? { tag: params.tag } : {}) };
  const [list, tags] = await Promise.all([
    params.tag ? listProductsByUser(client, site.owner.username, query) : null,
    loadSellerTags(client, site),
  ]);
  const meta = siteMeta(context, site, {
    title: params.tag ? `#${params.tag}` : 'Tags',
    description: params.tag
      ? `Posts by ${site.name} tagged “${params.tag}”.`
      : `The tags ${site.name} uses, each with its posts.`,
    location: url,
  });
  return { tag: params.tag ?? null, list, query, tags, href: url.pathname + url.search, meta };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData?.meta ?? pageMeta(matches, 'Tags');

export default function SiteProductsByTag({ loaderData }: Route.ComponentProps) {
  const site = useSite();
  if (!site) return null;
  const { tag, list, query, tags, href } = loaderData;
  const base = sitePath(site.username);
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
          showSeller={false}
          list={list}
          query={query}
          href={href}
          hrefFor={(p) => postPath(site.username, p)}
          label={`Posts tagged ${tag}`}
          empty={
            <p>
              No posts with this tag.{' '}
              <Link to={`${base}/products`} className="link">
                See everything <bdi>{site.site.name}</bdi> sells
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
              Back to <bdi>{site.site.name}</bdi>
            </Link>
          </p>
        )
      )}
    </div>
  );
}
