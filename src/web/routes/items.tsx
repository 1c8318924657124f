import { redirect } from 'react-router';
import type { Route } from './+types/items';
import { PostPage } from '../features/catalog/components/PostPage';
import { loadPost, postMeta } from '../features/catalog/post-page';
import { useCartStore } from '../features/cart/stores/cart-store';
import { serverApi } from '../lib/api';

/** /items/:id: one post (its owner and admins may also open drafts, with a banner). */
export async function loader({ params, context }: Route.LoaderArgs) {
  if (!params.id) throw redirect('/all-posts');
  return { product: await loadPost(serverApi(context), params.id) };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  postMeta(matches, loaderData?.product);

export default function ItemPage({ loaderData }: Route.ComponentProps) {
  return (
    <div data-testid="item-page" data-item-id={loaderData.product._id}>
      <PostPage
        product={loaderData.product}
        onAddToCart={(line) => useCartStore.getState().addItem(line)}
      />
    </div>
  );
}
