import { useState } from 'react';
import { Link } from 'react-router';
import type { Route } from './+types/following';
import { PageHeader } from '../components/ui/page';
import { guardLoader } from '../features/accounts/guards';
import { Pagination } from '../features/catalog/browse/Pagination';
import { listQueryFromUrl } from '../features/catalog/list-query';
import { loadBlocked, loadFollowing } from '../features/social/api/social-loaders';
import { BlockButton } from '../features/social/components/BlockButton';
import { FollowToggle } from '../features/social/components/FollowToggle';
import { UserList } from '../features/social/components/UserList';
import { serverApi } from '../lib/api';
import { pageMeta } from '../lib/meta';

const guard = guardLoader(['authenticated']);

/** Members per page of the list. */
const PAGE_SIZE = 30;
/** Blocked members shown (a list one keeps short). */
const BLOCKED_SHOWN = 100;

/** /following (signed in): the members I follow (paginated) and the members I blocked. */
export async function loader(args: Route.LoaderArgs) {
  await guard(args);
  const client = serverApi(args.context);
  const { page } = listQueryFromUrl(args.url);
  const [following, blocked] = await Promise.all([
    loadFollowing(client, { page, limit: PAGE_SIZE }),
    loadBlocked(client, { page: 1, limit: BLOCKED_SHOWN }),
  ]);
  return { following, blocked, page, href: args.url.pathname + args.url.search };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(
    matches,
    'Following',
    'The sellers and creators you follow, and the members you blocked.',
  );

/** An unblocked member stays in the list (with "Block" again) until the page is reloaded. */
function BlockedToggle({ id, name }: { id: string; name: string }) {
  const [blocked, setBlocked] = useState(true);
  return <BlockButton userId={id} name={name} blocked={blocked} onChange={setBlocked} />;
}

export default function FollowingPage({ loaderData }: Route.ComponentProps) {
  const { following, blocked, page, href } = loaderData;
  return (
    <div data-testid="following-page">
      <PageHeader
        title="Following"
        description="The sellers and creators you follow. Their new posts appear in your feed."
        actions={
          <Link to="/feed" className="btn btn-primary">
            Open your feed
          </Link>
        }
      />
      <section aria-labelledby="following-title" className="space-y-4">
        <h2 id="following-title" className="text-2xl font-bold tracking-tight">
          People you follow
        </h2>
        {!following.error && following.recordsCount > 0 && (
          <p className="text-gray-700" data-testid="following-count">
            You follow {following.recordsCount.toLocaleString('en-US')}{' '}
            {following.recordsCount === 1 ? 'member' : 'members'}.
          </p>
        )}
        <UserList
          users={following.users}
          label="People you follow"
          testId="following-list"
          error={following.error}
          action={(u) => (
            <FollowToggle
              userId={u._id}
              name={u.name}
              following
              followersCount={u.followersCount}
              className="btn btn-secondary"
            />
          )}
          empty={
            <p>
              You do not follow anyone yet. Follow sellers from their pages to see their new posts
              in your feed —{' '}
              <Link to="/marketplace" className="link" data-testid="following-find-sellers">
                find sellers on the marketplace
              </Link>
              .
            </p>
          }
        />
        <Pagination
          url={href}
          page={page}
          recordsCount={following.recordsCount}
          limit={PAGE_SIZE}
        />
      </section>

      <section aria-labelledby="blocked-title" className="mt-12 space-y-4">
        <h2 id="blocked-title" className="text-2xl font-bold tracking-tight">
          Blocked members
        </h2>
        <p className="text-gray-700">
          Blocked members cannot follow, like, comment on or message you, and neither of you sees
          the other in feeds.
        </p>
        <UserList
          users={blocked.users}
          label="Blocked members"
          testId="blocked-list"
          error={blocked.error}
          action={(u) => <BlockedToggle id={u._id} name={u.name} />}
          empty={<p>You have not blocked anyone. You can block a member from their profile.</p>}
        />
      </section>
    </div>
  );
}
