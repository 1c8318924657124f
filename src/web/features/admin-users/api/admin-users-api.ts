import { accountsApi } from '../../../../shared/api/accounts';
import type { Role } from '../../../../shared/contracts/account-rules';
import type { UserStatus } from '../../../../shared/contracts/social-rules';
import type { AdminUsersResponse } from '../../../../shared/contracts/users-admin';
import { MESSAGES } from '../../../../shared/messages';
import { api } from '../../../lib/api';
import type { ApiClient } from '../../../lib/api-client';
import type { UsersQuery } from '../users-query';

/** The staff's list of accounts as a loader hands it to the page: empty with a message on failure. */
export interface UsersListState extends AdminUsersResponse {
  error: string | null;
}

/** GET /admin/users for the /users page (SPEC §8: a list that fails to load resets to empty). */
export async function loadAdminUsers(client: ApiClient, q: UsersQuery): Promise<UsersListState> {
  try {
    const list = await client.call(accountsApi.adminUsers, {
      query: {
        page: q.page,
        limit: q.limit,
        ...(q.q ? { q: q.q } : {}),
        ...(q.role ? { role: q.role } : {}),
        ...(q.status ? { status: q.status } : {}),
      },
    });
    return { ...list, error: null };
  } catch {
    return { users: [], recordsCount: 0, error: MESSAGES.errorLoadingUsers };
  }
}

// ---- browser calls ----

export const changeRole = (id: string, role: Role) =>
  api.call(accountsApi.changeRole, { body: { id, role } });

export const changeStatus = (id: string, status: UserStatus) =>
  api.call(accountsApi.setUserStatus, { body: { id, status } });

export const deleteUser = (id: string) => api.call(accountsApi.deleteUser, { query: { id } });
