import { lazy } from 'react';
import { Link } from 'react-router';
import type { Route } from './+types/home';
import { listSellerProducts } from '../../features/catalog/api/catalog-api';
import { PostList } from '../../features/catalog/browse/PostList';
import { TagLinks } from '../../features/catalog/browse/TagLinks';
import { sellerTags } from '../../features/catalog/seller-tags';
import { listQueryFromUrl } from '../../features/catalog/list-query';
import { siteFromMatches, useUserSite } from '../../features/sites/use-user-site';
import { serverApi } from '../../lib/api';
import { canonicalMeta, pageMeta } from '../../lib/meta';
import { productLabel } from '../../features/sites/user-slug';
import { sellerCandidates } from './seller';

// `/index-{product}bio` pages are rare; a user's page (the common case) does not load the landing
// page's code. No <Suspense>: the server render waits for it (docs/decisions/011).
const ProductLanding = lazy(() =>
  import('../../features/landing/components/LandingPage').then(({ LandingPage, productHero }) => ({
    default: ({ product }: { product: string }) => <LandingPage hero={productHero(product)} />,
  })),
);

/** The seller's published posts (none for landing pages). */
export async function loader({ params, url, context }: Route.LoaderArgs) {
  const sellers = sellerCandidates(params.username);
  if (sellers.length === 0) return null;
  const query = listQueryFromUrl(url);
  const list = await listSellerProducts(serverApi(context), sellers, query);
  return { list, query, href: url.pathname + url.search, tags: sellerTags(list.products) };
}

/**
 * `/{username}`: a user's page; `/{username}-x`: the same page in its expanded view (every post
 * listed); `/index-{product}bio`: a landing page for one kind of seller.
 */
export const meta: Route.MetaFunction = ({ matches, params }) => {
  const site = siteFromMatches(matches);
  if (site)
    return pageMeta(
      matches,
      site.name,
      site.description.trim() || `Posts, prices and checkout from ${site.name}.`,
    );
  const product = /^index-(.+)bio$/i.exec(params.username ?? '')?.[1] ?? '';
  return [
    ...pageMeta(matches, `Link in bio for ${productLabel(product)}`),
    canonicalMeta(matches, '/'),
  ];
};

export default function UserSiteHome({ loaderData }: Route.ComponentProps) {
  const data = useUserSite();
  if (!data) return null;
  if (data.kind === 'landing') return <ProductLanding product={productLabel(data.product)} />;

  const { site, username, variant } = data;
  const base = `/${encodeURIComponent(username)}`;
  return (
    <div data-testid="user-site-home" data-variant={variant}>
      <h1 className="text-3xl font-bold tracking-tight md:text-4xl">{site.name}</h1>
      {site.description ? (
        <p className="mt-3 max-w-2xl text-lg opacity-90">{site.description}</p>
      ) : null}
      <p className="mt-3 max-w-2xl opacity-90">
        {variant === 'x'
          ? `Every post ${site.name} has published, newest first.`
          : `Posts from ${site.name}. Like the ones you love, follow for new drops and buy straight from the post.`}
      </p>
      <div className="mt-6 flex flex-wrap gap-3">
        <Link to={`${base}/products`} className="btn btn-site">
          Shop all posts
        </Link>
        {variant === 'default' ? (
          <Link to={`${base}-x`} className="btn btn-secondary">
            Expanded view
          </Link>
        ) : (
          <Link to={base} className="btn btn-secondary">
            Back to the page
          </Link>
        )}
      </div>
      {loaderData && (
        <>
          <div className="mt-8">
            <TagLinks tags={loaderData.tags} username={username} label="Tags of this seller" />
          </div>
          <div className="mt-8">
            <PostList
              list={loaderData.list}
              query={loaderData.query}
              href={loaderData.href}
              hrefFor={(p) => `${base}/${encodeURIComponent(p._id)}`}
              label={`Posts by ${site.name}`}
              empty={
                <p>
                  {site.name} has not published anything yet. Follow along and come back soon, or{' '}
                  <Link to="/marketplace" className="link">
                    browse the marketplace
                  </Link>
                  .
                </p>
              }
            />
          </div>
        </>
      )}
    </div>
  );
}
