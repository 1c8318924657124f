import { Link } from 'react-router';
import type { Route } from './+types/feed';
import { PageHeader } from '../components/ui/page';
import { guardLoader } from '../features/accounts/guards';
import { Pagination } from '../features/catalog/browse/Pagination';
import { ProductGrid } from '../features/catalog/browse/ProductGrid';
import { itemHref } from '../features/catalog/browse/PostList';
import { listQueryFromUrl } from '../features/catalog/list-query';
import { loadFeed } from '../features/social/api/social-loaders';
import { ProductLikeButton } from '../features/social/buttons/LikeButtons';
import { serverApi } from '../lib/api';
import { pageMeta } from '../lib/meta';
import { useRootData } from '../lib/root-data';

const guard = guardLoader(['authenticated']);

/** /feed (signed in): the newest posts of the members I follow (GET /products/following/). */
export async function loader(args: Route.LoaderArgs) {
  await guard(args);
  const { page, limit } = listQueryFromUrl(args.url);
  const feed = await loadFeed(serverApi(args.context), { page, limit });
  return { feed, page, limit, href: args.url.pathname + args.url.search };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, 'Feed', 'The latest posts from the people you follow, newest first.');

export default function FeedPage({ loaderData }: Route.ComponentProps) {
  const { feed, page, limit, href } = loaderData;
  const root = useRootData();
  const currency = root?.config.currency ?? 'USD';
  return (
    <div data-testid="feed-page">
      <PageHeader
        title="Feed"
        description="The latest posts from the people you follow, newest first."
        actions={
          <Link to="/following" className="btn btn-secondary">
            Whom I follow
          </Link>
        }
      />
      <section aria-label="Posts of the people you follow" className="space-y-6">
        {!feed.error && feed.recordsCount > 0 && (
          <p className="text-gray-700" data-testid="feed-count">
            {feed.recordsCount.toLocaleString('en-US')} {feed.recordsCount === 1 ? 'post' : 'posts'}
          </p>
        )}
        <ProductGrid
          products={feed.posts}
          currency={currency}
          hrefFor={itemHref}
          label="Feed"
          error={feed.error}
          extra={(p) => <ProductLikeButton product={p} signedIn={Boolean(root?.user)} />}
          empty={
            <p>
              Follow sellers to see their new posts here.{' '}
              <Link to="/marketplace" className="link" data-testid="feed-find-sellers">
                Find sellers on the marketplace
              </Link>
              .
            </p>
          }
        />
        <Pagination url={href} page={page} recordsCount={feed.recordsCount} limit={limit} />
      </section>
    </div>
  );
}
