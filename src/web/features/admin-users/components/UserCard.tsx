import { useEffect, useState } from 'react';
import type { Role } from '../../../../shared/contracts/account-rules';
import { assignableRoles, staffRefusal } from '../../../../shared/contracts/staff-rules';
import type { AdminUser } from '../../../../shared/contracts/users-admin';
import { MESSAGES } from '../../../../shared/messages';
import { notifyError, showConfirm, showNotify } from '../../../components/ui/modal';
import { useHydrated } from '../../../lib/use-hydrated';
import { changeRole, changeStatus, deleteUser } from '../api/admin-users-api';
import { formatDay, ROLE_LABELS, STATUS_LABELS } from '../users-query';

export interface Viewer {
  id: string;
  role: Role;
}

const badge = 'inline-block rounded-full px-2.5 py-0.5 text-sm font-medium';

/**
 * One account on the /users page: who it is, its role and status, and the actions the viewer may
 * take on it (the same rules the server enforces, shared/contracts/staff-rules.ts): change the
 * role, suspend or reinstate, delete. `onChanged` reloads the list; `onDeleted` takes it out at once.
 */
export function UserCard({
  user,
  viewer,
  onChanged,
  onDeleted,
}: {
  user: AdminUser;
  viewer: Viewer;
  onChanged: () => void;
  onDeleted: (id: string) => void;
}) {
  const [role, setRole] = useState<Role>(user.role);
  const [working, setBusy] = useState(false);
  // Every action here needs JavaScript: until the page hydrates, its controls wait disabled.
  const hydrated = useHydrated();
  const busy = working || !hydrated;
  useEffect(() => setRole(user.role), [user.role]);
  const roles = assignableRoles(viewer, { id: user._id, role: user.role });
  const maySuspend = staffRefusal(viewer, { id: user._id, role: user.role }, 'suspend') === null;
  const mayDelete = staffRefusal(viewer, { id: user._id, role: user.role }, 'delete') === null;
  const who = user.name || user.username;
  const suspended = user.status === 'suspended';

  async function run(work: () => Promise<unknown>, done: string | null, error: string) {
    setBusy(true);
    try {
      await work();
      onChanged();
      if (done) void showNotify(done);
      return true;
    } catch (err) {
      void notifyError(err, error);
      return false;
    } finally {
      setBusy(false);
    }
  }

  async function saveRole() {
    const saved = await run(
      () => changeRole(user._id, role),
      MESSAGES.userUpdated,
      MESSAGES.errorSavingUser,
    );
    if (!saved) setRole(user.role);
  }

  async function toggleSuspension() {
    const question = suspended
      ? `Reinstate @${user.username}? Their page, posts, comments and messages become public again, and they can log in.`
      : `Suspend @${user.username}? They are logged out everywhere and cannot log in; their page, posts, comments and messages leave public view until you reinstate them.`;
    const title = suspended ? `Reinstate ${who}?` : `Suspend ${who}?`;
    if (!(await showConfirm(question, undefined, title))) return;
    await run(
      () => changeStatus(user._id, suspended ? 'active' : 'suspended'),
      MESSAGES.userUpdated,
      MESSAGES.errorSavingUser,
    );
  }

  async function remove() {
    if (!(await showConfirm(MESSAGES.confirmIrreversible, undefined, `Delete ${who}?`))) return;
    setBusy(true);
    try {
      await deleteUser(user._id);
      onDeleted(user._id);
    } catch (err) {
      void notifyError(err, MESSAGES.errorSavingUser);
    } finally {
      setBusy(false);
    }
  }

  const selectId = `role-${user._id}`;
  return (
    <li
      className="card flex flex-col gap-4 lg:flex-row lg:items-center lg:justify-between"
      data-testid="user-row"
      data-username={user.username}
      data-status={user.status}
    >
      <div className="min-w-0">
        <p className="font-semibold break-words text-gray-950">
          <bdi>{who}</bdi> <span className="font-normal text-gray-700">@{user.username}</span>
        </p>
        <p className="text-sm break-all text-gray-800">{user.email}</p>
        <p className="mt-2 flex flex-wrap items-center gap-2 text-sm text-gray-800">
          <span className={`${badge} bg-indigo-50 text-indigo-900`} data-testid="user-role">
            {ROLE_LABELS[user.role]}
          </span>
          <span
            className={`${badge} ${suspended ? 'bg-red-100 text-red-900' : 'bg-green-50 text-green-900'}`}
            data-testid="user-status"
          >
            {STATUS_LABELS[user.status]}
          </span>
          {!user.activatedAt && (
            <span className={`${badge} bg-amber-50 text-amber-950`}>Not activated</span>
          )}
          <span>
            Joined <time dateTime={user.createdAt}>{formatDay(user.createdAt)}</time>
          </span>
        </p>
      </div>
      <div className="flex flex-wrap items-end gap-2">
        {roles.length > 0 && (
          <div className="flex items-end gap-2">
            <div>
              <label htmlFor={selectId} className="field-label text-sm">
                Role
              </label>
              <select
                id={selectId}
                className="input"
                value={role}
                disabled={busy}
                data-testid="user-role-select"
                onChange={(e) => setRole(e.currentTarget.value as Role)}
              >
                {roles.map((r) => (
                  <option key={r} value={r}>
                    {ROLE_LABELS[r]}
                  </option>
                ))}
              </select>
            </div>
            <button
              type="button"
              className="btn btn-secondary"
              disabled={busy || role === user.role}
              onClick={() => void saveRole()}
            >
              Save role
              <span className="sr-only">
                {' '}
                of <bdi>{who}</bdi>
              </span>
            </button>
          </div>
        )}
        {maySuspend && (
          <button
            type="button"
            className="btn btn-secondary"
            disabled={busy}
            data-testid="user-suspend"
            onClick={() => void toggleSuspension()}
          >
            {suspended ? 'Reinstate' : 'Suspend'}
            <span className="sr-only">
              {' '}
              <bdi>{who}</bdi>
            </span>
          </button>
        )}
        {mayDelete && (
          <button
            type="button"
            className="btn btn-danger"
            disabled={busy}
            data-testid="user-delete"
            onClick={() => void remove()}
          >
            Delete
            <span className="sr-only">
              {' '}
              <bdi>{who}</bdi>
            </span>
          </button>
        )}
      </div>
    </li>
  );
}
