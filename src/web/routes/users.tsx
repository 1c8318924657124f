import { Link, useRevalidator } from 'react-router';
import type { Route } from './+types/users';
import { PageHeader } from '../components/ui/page';
import { guardLoader } from '../features/accounts/guards';
import { loadAdminUsers } from '../features/admin-users/api/admin-users-api';
import { UserFilters } from '../features/admin-users/components/UserFilters';
import { UserList } from '../features/admin-users/components/UserList';
import { ROLE_LABELS, STATUS_LABELS, usersQueryFromUrl } from '../features/admin-users/users-query';
import { Pagination } from '../features/catalog/browse/Pagination';
import { serverApi } from '../lib/api';
import { pageMeta } from '../lib/meta';

// Moderators open it too: they suspend and reinstate (admins also change roles and delete).
const guard = guardLoader(['moderator']);

/** /users (admin): every account, searched and filtered; roles, suspensions and deletions. */
export async function loader(args: Route.LoaderArgs) {
  const { user } = await guard(args);
  const query = usersQueryFromUrl(args.url);
  const list = await loadAdminUsers(serverApi(args.context), query);
  return {
    list,
    query,
    href: args.url.pathname + args.url.search,
    viewer: { id: user!._id, role: user!.role },
  };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, 'Users (admin)', 'Every member with their role and status.');

/** "no users match “leo” among moderators" — what the empty list was asked for. */
function emptyText(query: ReturnType<typeof usersQueryFromUrl>): string {
  const filters = [
    query.role ? `with the role ${ROLE_LABELS[query.role].toLowerCase()}` : '',
    query.status ? `who are ${STATUS_LABELS[query.status].toLowerCase()}` : '',
  ].filter(Boolean);
  const what = query.q ? `No users match “${query.q}”` : 'No users';
  return `${what}${filters.length ? ` ${filters.join(' and ')}` : ''}.`;
}

export default function UsersPage({ loaderData }: Route.ComponentProps) {
  const { list, query, href, viewer } = loaderData;
  const revalidator = useRevalidator();
  const filtered = Boolean(query.q || query.role || query.status);
  return (
    <div data-testid="users-page">
      <PageHeader
        title="Users (admin)"
        description="Every member with their role and status. Find someone, change their role, suspend or reinstate an account, or delete it."
        actions={
          <Link to="/moderation" className="btn btn-secondary">
            Moderation queue
          </Link>
        }
      />
      <div className="mb-6">
        <UserFilters key={href} query={query} />
      </div>
      <UserList
        list={list}
        viewer={viewer}
        onChanged={() => void revalidator.revalidate()}
        empty={
          <p>
            {emptyText(query)}{' '}
            {filtered ? (
              <>
                Check the spelling, or{' '}
                <Link to="/users" className="link">
                  clear the search and filters
                </Link>
                .
              </>
            ) : (
              'Members appear here as soon as they register.'
            )}
          </p>
        }
      />
      <Pagination
        url={href}
        page={query.page}
        recordsCount={list.recordsCount}
        limit={query.limit}
      />
    </div>
  );
}
