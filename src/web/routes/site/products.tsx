import { data, Link } from 'react-router';
import type { Route } from './+types/products';
import { listSellerProducts } from '../../features/catalog/api/catalog-api';
import { PostList } from '../../features/catalog/browse/PostList';
import { PostPage } from '../../features/catalog/components/PostPage';
import { listQueryFromUrl } from '../../features/catalog/list-query';
import { loadPost } from '../../features/catalog/post-page';
import { postMeta } from '../../features/catalog/components/post-meta';
import { useCartStore } from '../../features/cart/stores/cart-store';
import { siteNameFromMatches, useSite } from '../../features/sites/use-user-site';
import { MESSAGES } from '../../../shared/messages';
import { serverApi } from '../../lib/api';
import { pageMeta } from '../../lib/meta';
import { sellerCandidates } from './seller';

/** `/{username}/products/:id?`: the seller's published posts, or one of them. */
export async function loader({ params, url, context }: Route.LoaderArgs) {
  const client = serverApi(context);
  const sellers = sellerCandidates(params.username);
  if (params.id) {
    const product = await loadPost(client, params.id);
    if (!sellers.map((u) => u.toLowerCase()).includes(product.user.username.toLowerCase()))
      throw data(MESSAGES.pageNotFound, { status: 404 });
    return { kind: 'post' as const, product };
  }
  const query = listQueryFromUrl(url);
  return {
    kind: 'list' as const,
    list: await listSellerProducts(client, sellers, query),
    query,
    href: url.pathname + url.search,
  };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const site = siteNameFromMatches(matches) ?? '';
  return loaderData?.kind === 'post'
    ? postMeta(matches, loaderData.product, ` · ${site}`)
    : pageMeta(matches, `Products · ${site}`, `Everything ${site} has for sale.`);
};

export default function SiteProducts({ loaderData }: Route.ComponentProps) {
  const site = useSite();
  if (!site) return null;
  const base = `/${encodeURIComponent(site.username)}`;
  if (loaderData.kind === 'post')
    return (
      <div data-testid="site-products" data-product-id={loaderData.product._id}>
        <PostPage
          product={loaderData.product}
          onAddToCart={(line) => useCartStore.getState().addItem(line)}
          sellerHref={base}
          tagUsername={site.username}
          buttonClass="btn btn-site"
        />
      </div>
    );
  const { list, query, href } = loaderData;
  return (
    <div data-testid="site-products">
      <h1 className="mb-6 text-3xl font-bold tracking-tight">Products by {site.site.name}</h1>
      <PostList
        list={list}
        query={query}
        href={href}
        hrefFor={(p) => `${base}/${encodeURIComponent(p._id)}`}
        label={`Products by ${site.site.name}`}
        empty={
          <p>
            {site.site.name} has nothing for sale right now.{' '}
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
