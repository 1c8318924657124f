import { useEffect, useState, type ReactNode } from 'react';
import type { UsersListState } from '../api/admin-users-api';
import { UserCard, type Viewer } from './UserCard';

/**
 * The accounts of one page of /users (cards, one per account, laid out as rows on wide screens),
 * with its count, or its empty or error state. Deleted accounts leave the list at once.
 */
export function UserList({
  list,
  viewer,
  empty,
  onChanged,
}: {
  list: UsersListState;
  viewer: Viewer;
  empty: ReactNode;
  onChanged: () => void;
}) {
  const [removed, setRemoved] = useState<ReadonlySet<string>>(new Set());
  // A fresh answer from the loader is the truth again.
  useEffect(() => setRemoved(new Set()), [list]);
  const users = list.users.filter((u) => !removed.has(u._id));
  const count = list.recordsCount - (list.users.length - users.length);

  if (list.error)
    return (
      <p role="alert" className="list-empty text-red-800" data-testid="users-error">
        {list.error}
      </p>
    );
  return (
    <section aria-label="Users" className="space-y-4">
      <p className="text-gray-700" aria-live="polite" data-testid="users-count">
        {count.toLocaleString('en-US')} {count === 1 ? 'user' : 'users'}
      </p>
      {users.length === 0 ? (
        <div className="list-empty" data-testid="users-empty">
          {empty}
        </div>
      ) : (
        <ul className="space-y-3" data-testid="users-list">
          {users.map((user) => (
            <UserCard
              key={user._id}
              user={user}
              viewer={viewer}
              onChanged={onChanged}
              onDeleted={(id) => {
                setRemoved((s) => new Set(s).add(id));
                onChanged();
              }}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
