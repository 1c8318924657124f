import { Form } from 'react-router';
import { ROLES } from '../../../../shared/contracts/account-rules';
import { USER_STATUSES } from '../../../../shared/contracts/social-rules';
import { ROLE_LABELS, STATUS_LABELS, type UsersQuery } from '../users-query';

/** Search box and role/status filters: a GET form, so it works before (and without) JavaScript. */
export function UserFilters({ query }: { query: UsersQuery }) {
  return (
    <Form
      method="get"
      role="search"
      aria-label="Find users"
      className="grid gap-3 md:grid-cols-[1fr_auto_auto_auto] md:items-end"
      data-testid="users-filters"
    >
      <div>
        <label htmlFor="users-q" className="field-label">
          Name, username or email
        </label>
        <input
          id="users-q"
          name="q"
          type="search"
          defaultValue={query.q ?? ''}
          className="input"
          autoComplete="off"
        />
      </div>
      <div>
        <label htmlFor="users-role" className="field-label">
          Role
        </label>
        <select id="users-role" name="role" defaultValue={query.role ?? ''} className="input">
          <option value="">Any role</option>
          {ROLES.map((r) => (
            <option key={r} value={r}>
              {ROLE_LABELS[r]}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="users-status" className="field-label">
          Status
        </label>
        <select id="users-status" name="status" defaultValue={query.status ?? ''} className="input">
          <option value="">Any status</option>
          {USER_STATUSES.map((s) => (
            <option key={s} value={s}>
              {STATUS_LABELS[s]}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="btn btn-primary">
        Search
      </button>
    </Form>
  );
}
