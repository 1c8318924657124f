import type { Route } from './+types/items';
import { ListPage } from '../features/catalog/browse/ListPage';
import { PostPage } from '../features/catalog/components/PostPage';
import { postMeta } from '../features/catalog/components/post-meta';
import { loadPostOrList } from '../features/catalog/post-page';
import { useCartStore } from '../features/cart/stores/cart-store';
import { serverApi } from '../lib/api';
import { pageMeta } from '../lib/meta';

/** /items/:id: one post (its owner and admins may also open drafts, with a banner); /items: all. */
export const loader = ({ params, url, context }: Route.LoaderArgs) =>
  loadPostOrList(serverApi(context), params.id, url);

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  loaderData?.kind === 'post'
    ? postMeta(matches, loaderData.product)
    : pageMeta(matches, 'Posts', 'Every post on the marketplace, newest first.');

export default function ItemPage({ loaderData }: Route.ComponentProps) {
  if (loaderData.kind === 'post')
    return (
      <div data-testid="item-page" data-item-id={loaderData.product._id}>
        <PostPage
          product={loaderData.product}
          onAddToCart={(line) => useCartStore.getState().addItem(line)}
        />
      </div>
    );
  return (
    <ListPage
      data={loaderData}
      testId="item-page"
      title="Posts"
      description="Every post has its own page. Pick one, or browse the marketplace by category."
      action={{ to: '/marketplace', label: 'Marketplace' }}
      emptyText="No posts yet."
    />
  );
}
