import { Link } from 'react-router';
import type { Route } from './+types/products';
import { PageHeader } from '../components/ui/page';
import { listProducts } from '../features/catalog/api/catalog-api';
import { PostList } from '../features/catalog/browse/PostList';
import { PostPage } from '../features/catalog/components/PostPage';
import { listQueryFromUrl } from '../features/catalog/list-query';
import { loadPost } from '../features/catalog/post-page';
import { postMeta } from '../features/catalog/components/post-meta';
import { useCartStore } from '../features/cart/stores/cart-store';
import { serverApi } from '../lib/api';
import { pageMeta } from '../lib/meta';

/** /products/:id?: one post, or every published post (like /all-posts). */
export async function loader({ params, url, context }: Route.LoaderArgs) {
  const client = serverApi(context);
  if (params.id) return { kind: 'post' as const, product: await loadPost(client, params.id) };
  const query = listQueryFromUrl(url);
  return {
    kind: 'list' as const,
    list: await listProducts(client, query),
    query,
    href: url.pathname + url.search,
  };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  loaderData?.kind === 'post'
    ? postMeta(matches, loaderData.product)
    : pageMeta(matches, 'Products', 'Everything for sale on the marketplace, newest first.');

export default function ProductsPage({ loaderData }: Route.ComponentProps) {
  if (loaderData.kind === 'post')
    return (
      <div data-testid="products-page" data-product-id={loaderData.product._id}>
        <PostPage
          product={loaderData.product}
          onAddToCart={(line) => useCartStore.getState().addItem(line)}
        />
      </div>
    );
  const { list, query, href } = loaderData;
  return (
    <div data-testid="products-page">
      <PageHeader
        title="Products"
        description="Everything for sale on the marketplace, newest first. Narrow it down by tag or search for something specific."
        actions={
          <Link to="/products/tags" className="btn btn-secondary">
            Browse by tag
          </Link>
        }
      />
      <PostList
        list={list}
        query={query}
        href={href}
        keep={{ tag: query.tag }}
        label="Products"
        empty={
          <p>
            Nothing for sale yet.{' '}
            <Link to="/add-edit-item" className="link">
              Create the first post
            </Link>
            .
          </p>
        }
      />
    </div>
  );
}
