import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/Avatar';
import type { SocialUser } from '../../../../shared/contracts/social';
import { formatNumber } from '../../../../shared/format';

export const profilePath = (id: string) => `/users/${encodeURIComponent(id)}`;

const counted = (n: number, one: string, many: string) =>
  `${formatNumber(n)} ${n === 1 ? one : many}`;

/**
 * A list of members (whom I follow, like or blocked): picture, name linking to their profile,
 * @username, their follower count, and the row's own action (unfollow, unlike, unblock). Names
 * and bios are the members' own text, rendered as text.
 */
export function UserList({
  users,
  label,
  action,
  empty,
  error,
  testId,
}: {
  users: SocialUser[];
  label: string;
  action?: (user: SocialUser) => ReactNode;
  /** Shown when there is nobody: say what to do next. */
  empty: ReactNode;
  error?: string | null;
  testId: string;
}) {
  if (error)
    return (
      <p
        role="alert"
        className="rounded-lg bg-red-50 p-4 text-red-800"
        data-testid={`${testId}-error`}
      >
        {error}
      </p>
    );
  if (users.length === 0)
    return (
      <div className="list-empty" data-testid={`${testId}-empty`}>
        {empty}
      </div>
    );
  return (
    <ul
      aria-label={label}
      className="divide-y divide-gray-200 rounded-xl border border-gray-200 bg-white"
      data-testid={testId}
    >
      {users.map((user) => (
        <li
          key={user._id}
          className="flex flex-wrap items-center gap-3 p-4"
          data-testid="user-row"
          data-user-id={user._id}
        >
          <Avatar name={user.name} src={user.image?.thumbnail} size="lg" />
          <div className="min-w-0 flex-1">
            <Link
              to={profilePath(user._id)}
              className="font-semibold break-words text-gray-950 underline-offset-2 hover:underline"
            >
              <bdi>{user.name}</bdi>
            </Link>
            <p className="truncate text-sm text-gray-700">
              @{user.username} · {counted(user.followersCount, 'follower', 'followers')}
            </p>
          </div>
          {action && <div className="flex shrink-0 flex-wrap gap-2">{action(user)}</div>}
        </li>
      ))}
    </ul>
  );
}
