import { ROLES, type Role } from '../../../shared/contracts/account-rules';
import { USER_STATUSES, type UserStatus } from '../../../shared/contracts/social-rules';

/** The /users page's query as read from its URL: never invalid (bad values are left out). */
export interface UsersQuery {
  q?: string;
  role?: Role;
  status?: UserStatus;
  page: number;
  limit: number;
}

export const USERS_PAGE_SIZE = 20;
const SEARCH_MAX = 254;

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  (values as readonly string[]).includes(value ?? '') ? (value as T) : undefined;

/** Reads q, role, status and page from the page's URL, zod-free. */
export function usersQueryFromUrl(url: URL): UsersQuery {
  const p = url.searchParams;
  const page = Number(p.get('page'));
  const q = p.get('q')?.trim().slice(0, SEARCH_MAX);
  const role = oneOf(ROLES, p.get('role'));
  const status = oneOf(USER_STATUSES, p.get('status'));
  return {
    page: Number.isSafeInteger(page) && page >= 1 ? Math.min(page, 10_000) : 1,
    limit: USERS_PAGE_SIZE,
    ...(q ? { q } : {}),
    ...(role ? { role } : {}),
    ...(status ? { status } : {}),
  };
}

export const ROLE_LABELS: Record<Role, string> = {
  user: 'Member',
  moderator: 'Moderator',
  admin: 'Admin',
  superAdmin: 'Super admin',
};

export const STATUS_LABELS: Record<UserStatus, string> = {
  active: 'Active',
  suspended: 'Suspended',
};

const dateFormat = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeZone: 'UTC',
});

/** "Mar 12, 2025": the same text on the server and in the browser (UTC), so hydration matches. */
export const formatDay = (iso: string) => dateFormat.format(new Date(iso));
