import { Link } from 'react-router';
import type { Route } from './+types/items';
import { PageHeader } from '../components/ui/page';
import { listProducts } from '../features/catalog/api/catalog-api';
import { PostList } from '../features/catalog/browse/PostList';
import { PostPage } from '../features/catalog/components/PostPage';
import { listQueryFromUrl } from '../features/catalog/list-query';
import { postMeta } from '../features/catalog/components/post-meta';
import { loadPost } from '../features/catalog/post-page';
import { useCartStore } from '../features/cart/stores/cart-store';
import { serverApi } from '../lib/api';
import { pageMeta } from '../lib/meta';

/** /items/:id: one post (its owner and admins may also open drafts, with a banner); /items: all. */
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
  const { list, query, href } = loaderData;
  return (
    <div data-testid="item-page">
      <PageHeader
        title="Posts"
        description="Every post has its own page. Pick one, or browse the marketplace by category."
        actions={
          <Link to="/marketplace" className="btn btn-secondary">
            Marketplace
          </Link>
        }
      />
      <PostList
        list={list}
        query={query}
        href={href}
        keep={{ tag: query.tag }}
        label="Posts"
        empty={
          <p>
            No posts yet.{' '}
            <Link to="/add-edit-item" className="link">
              Create the first one
            </Link>
            .
          </p>
        }
      />
    </div>
  );
}
