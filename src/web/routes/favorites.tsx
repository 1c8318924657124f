import { Link } from 'react-router';
import type { Route } from './+types/favorites';
import { PageHeader } from '../components/ui/page';
import { guardLoader } from '../features/accounts/guards';
import { Pagination } from '../features/catalog/browse/Pagination';
import { ProductGrid } from '../features/catalog/browse/ProductGrid';
import { itemHref } from '../features/catalog/browse/PostList';
import { listQueryFromUrl } from '../features/catalog/list-query';
import { loadFavoriteProducts, loadFavoriteUsers } from '../features/social/api/social-loaders';
import { ProductLikeButton, UserLikeButton } from '../features/social/buttons/LikeButtons';
import { UserList } from '../features/social/components/UserList';
import { serverApi } from '../lib/api';
import { pageMeta } from '../lib/meta';
import { useRootData } from '../lib/root-data';

const guard = guardLoader(['authenticated']);

/** The liked members shown at once (the newest likes): a person's hand-picked list. */
const USERS_SHOWN = 100;

/** /favorites (signed in): the posts I like (paginated) and the members I like. */
export async function loader(args: Route.LoaderArgs) {
  await guard(args);
  const client = serverApi(args.context);
  const { page, limit } = listQueryFromUrl(args.url);
  const [posts, users] = await Promise.all([
    loadFavoriteProducts(client, { page, limit }),
    loadFavoriteUsers(client, { page: 1, limit: USERS_SHOWN }),
  ]);
  return { posts, users, page, limit, href: args.url.pathname + args.url.search };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, 'Favorites', 'The posts and members you liked, in one place.');

export default function FavoritesPage({ loaderData }: Route.ComponentProps) {
  const { posts, users, page, limit, href } = loaderData;
  const currency = useRootData()?.config.currency ?? 'USD';
  const signedIn = Boolean(useRootData()?.user);
  return (
    <div data-testid="favorites-page">
      <PageHeader
        title="Favorites"
        description="The posts and members you liked. Tap the heart again to take a like back."
      />
      <section aria-labelledby="liked-posts-title" className="space-y-6">
        <h2 id="liked-posts-title" className="text-2xl font-bold tracking-tight">
          Liked posts
        </h2>
        {!posts.error && posts.recordsCount > 0 && (
          <p className="text-gray-700" data-testid="liked-posts-count">
            {posts.recordsCount.toLocaleString('en-US')}{' '}
            {posts.recordsCount === 1 ? 'post' : 'posts'}
          </p>
        )}
        <ProductGrid
          products={posts.products}
          currency={currency}
          hrefFor={itemHref}
          label="Liked posts"
          error={posts.error}
          extra={(p) => <ProductLikeButton product={p} signedIn={signedIn} liked />}
          empty={
            <p>
              No liked posts yet. Tap the heart on a post you like and it shows up here —{' '}
              <Link to="/marketplace" className="link">
                browse the marketplace
              </Link>
              .
            </p>
          }
        />
        <Pagination url={href} page={page} recordsCount={posts.recordsCount} limit={limit} />
      </section>

      <section aria-labelledby="liked-users-title" className="mt-12 space-y-4">
        <h2 id="liked-users-title" className="text-2xl font-bold tracking-tight">
          Liked members
        </h2>
        {users.recordsCount > users.users.length && (
          <p className="text-gray-700">
            The {users.users.length} you liked most recently of{' '}
            {users.recordsCount.toLocaleString('en-US')}.
          </p>
        )}
        <UserList
          users={users.users}
          label="Liked members"
          testId="liked-users"
          error={users.error}
          action={(u) => (
            <UserLikeButton
              user={{ _id: u._id, name: u.name, likesCount: u.likesCount }}
              signedIn={signedIn}
              liked
            />
          )}
          empty={
            <p>
              No liked members yet. Like a seller on their page to keep them here, or{' '}
              <Link to="/following" className="link">
                see whom you follow
              </Link>
              .
            </p>
          }
        />
      </section>
    </div>
  );
}
