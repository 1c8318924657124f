import { data } from 'react-router';
import type { Route } from './+types/users.$id';
import { isUuid } from '../../shared/contracts/common';
import { truncate } from '../../shared/format';
import { MESSAGES } from '../../shared/messages';
import { getPublicProfile } from '../features/accounts/api/accounts-api';
import { PublicProfileCard } from '../features/accounts/components/PublicProfileCard';
import { serverApi } from '../lib/api';
import { ApiError } from '../lib/api-client';
import { pageMeta } from '../lib/meta';

/** /users/:id: a member's public profile (GET /users/:id); unknown ids are a 404. */
export async function loader({ params, context }: Route.LoaderArgs) {
  if (!isUuid(params.id)) throw data(MESSAGES.pageNotFound, { status: 404 });
  try {
    return { user: await getPublicProfile(serverApi(context), params.id) };
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
    user.bio ? truncate(user.bio) : undefined,
  );
  const image = user.image?.fullsize;
  return image ? [...tags, { property: 'og:image', content: image }] : tags;
};

export default function UserProfile({ loaderData }: Route.ComponentProps) {
  return (
    <div data-testid="user-profile-page" data-user-id={loaderData.user._id}>
      <PublicProfileCard user={loaderData.user} />
    </div>
  );
}
