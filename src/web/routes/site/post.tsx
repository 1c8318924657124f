import { data } from 'react-router';
import type { Route } from './+types/post';
import { PostPage } from '../../features/catalog/components/PostPage';
import { loadPost } from '../../features/catalog/post-page';
import { postMeta } from '../../features/catalog/components/post-meta';
import { useCartStore } from '../../features/cart/stores/cart-store';
import { siteNameFromMatches, useSite } from '../../features/sites/use-user-site';
import { MESSAGES } from '../../../shared/messages';
import { serverApi } from '../../lib/api';
import { sellerCandidates } from './seller';

/** `/{username}/:id`: one post of this seller, on their page (another seller's post is a 404). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const sellers = sellerCandidates(params.username).map((u) => u.toLowerCase());
  const product = await loadPost(serverApi(context), params.id);
  if (!sellers.includes(product.user.username.toLowerCase()))
    throw data(MESSAGES.pageNotFound, { status: 404 });
  return { product };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  postMeta(matches, loaderData?.product, ` · ${siteNameFromMatches(matches) ?? ''}`);

export default function SitePost({ loaderData }: Route.ComponentProps) {
  const site = useSite();
  const base = site ? `/${encodeURIComponent(site.username)}` : undefined;
  return (
    <div data-testid="site-post">
      <PostPage
        product={loaderData.product}
        onAddToCart={(line) => useCartStore.getState().addItem(line)}
        sellerHref={base}
        tagUsername={site?.username}
        buttonClass="btn btn-site"
      />
    </div>
  );
}
