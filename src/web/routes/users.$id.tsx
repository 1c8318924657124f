import { Link, data } from 'react-router';
import type { Route } from './+types/users.$id';
import { isUuid } from '../../shared/contracts/common';
import { truncate } from '../../shared/format';
import { MESSAGES } from '../../shared/messages';
import { getPublicProfile } from '../features/accounts/api/accounts-api';
import { PublicProfileCard } from '../features/accounts/components/PublicProfileCard';
import { listProductsByUser } from '../features/catalog/api/catalog-api';
import { ProductGrid } from '../features/catalog/browse/ProductGrid';
import { itemHref } from '../features/catalog/browse/PostList';
import { loadViewerState } from '../features/social/api/social-loaders';
import { ProductLikeButton } from '../features/social/buttons/LikeButtons';
import { ProfileActions } from '../features/social/components/ProfileActions';
import { loadUserMessages } from '../features/messages/api/messages-api';
import { UserMessages } from '../features/messages/components/UserMessages';
import { serverApi } from '../lib/api';
import { ApiError } from '../lib/api-client';
import { pageMeta } from '../lib/meta';
import { useRootData } from '../lib/root-data';

/** The newest posts shown on a profile (their page has the rest). */
const LATEST_POSTS = 8;

/**
 * /users/:id: a member's public profile (GET /users/:id) with their counts, follow, like and block
 * (the signed-in viewer's state read with it), and their latest posts; unknown ids are a 404.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  if (!isUuid(params.id)) throw data(MESSAGES.pageNotFound, { status: 404 });
  const client = serverApi(context);
  try {
    const user = await getPublicProfile(client, params.id);
    const [viewer, posts, messages] = await Promise.all([
      loadViewerState(client, context, user._id),
      listProductsByUser(client, user.username, { page: 1, sort: 'newest', limit: LATEST_POSTS }),
      loadUserMessages(client, user.username),
    ]);
    return { user, viewer, posts, messages };
  } catch (err) {
    if (err instanceof ApiError && (err.status === 404 || err.status === 400))
      throw data(MESSAGES.pageNotFound, { status: 404 });
    throw data(MESSAGES.errorLoadingUser, { status: 500 });
  }
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const user = loaderData?.user;
  if (!user) return pageMeta(matches, 'Member profile');
  const tags = pageMeta(
    matches,
    `${user.name} (@${user.username})`,
    user.bio ? truncate(user.bio) : `${user.name}'s profile: their posts, followers and page.`,
  );
  const image = user.image?.fullsize;
  return image ? [...tags, { property: 'og:image', content: image }] : tags;
};

export default function UserProfile({ loaderData }: Route.ComponentProps) {
  const { user, viewer, posts, messages } = loaderData;
  const root = useRootData();
  const currency = root?.config.currency ?? 'USD';
  return (
    <div data-testid="user-profile-page" data-user-id={user._id}>
      <PublicProfileCard user={user}>
        <ProfileActions
          member={{
            _id: user._id,
            username: user.username,
            name: user.name,
            likesCount: user.likesCount,
            followersCount: user.followersCount ?? 0,
            followingCount: user.followingCount ?? 0,
          }}
          viewer={viewer}
          viewerId={root?.user?._id ?? null}
        />
      </PublicProfileCard>
      <section aria-labelledby="latest-posts-title" className="mx-auto mt-10 max-w-5xl space-y-4">
        <h2 id="latest-posts-title" className="text-2xl font-bold tracking-tight">
          Latest posts
        </h2>
        <ProductGrid
          products={posts.products}
          currency={currency}
          hrefFor={itemHref}
          label={`Latest posts by ${user.name}`}
          error={posts.error}
          eagerCards={0}
          extra={(p) => <ProductLikeButton product={p} signedIn={Boolean(root?.user)} />}
          empty={
            <p>
              <bdi>{user.name}</bdi> has not published anything yet.
            </p>
          }
        />
        {posts.recordsCount > posts.products.length && (
          <p>
            <Link to={`/${encodeURIComponent(user.username)}`} className="link">
              See all {posts.recordsCount.toLocaleString('en-US')} posts on <bdi>{user.name}</bdi>'s
              page
            </Link>
          </p>
        )}
      </section>
      {messages && (
        <div className="mx-auto max-w-5xl">
          <UserMessages messages={messages.messages} name={user.name} />
        </div>
      )}
    </div>
  );
}
