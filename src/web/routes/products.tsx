import type { Route } from './+types/products';
import { ListPage } from '../features/catalog/browse/ListPage';
import { PostPage } from '../features/catalog/components/PostPage';
import { loadPostOrList } from '../features/catalog/post-page';
import { postMeta } from '../features/catalog/components/post-meta';
import { useCartStore } from '../features/cart/stores/cart-store';
import { serverApi } from '../lib/api';
import { pageMeta } from '../lib/meta';

/** /products/:id?: one post, or every published post (like /all-posts). */
export const loader = ({ params, url, context }: Route.LoaderArgs) =>
  loadPostOrList(serverApi(context), params.id, url);

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
  return (
    <ListPage
      data={loaderData}
      testId="products-page"
      title="Products"
      description="Everything for sale on the marketplace, newest first. Narrow it down by tag or search for something specific."
      action={{ to: '/products/tags', label: 'Browse by tag' }}
      emptyText="Nothing for sale yet."
    />
  );
}
