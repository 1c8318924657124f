import { and, count, desc, eq, isNotNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type {
  AdminUsersResponse,
  DirectoryResponse,
  adminUsersQuery,
  directoryQuery,
} from '../../../shared/contracts/users-admin';
import { products, users } from '../../db/schema';
import type { ModuleDeps } from '../core';
import { toAdminUser } from './staff';
import { toPublicMember } from './users-repo';

type Reader = Pick<ModuleDeps, 'db'>;

/** `text` as a LIKE pattern matching it anywhere, its wildcards taken literally, lower case. */
export const containsPattern = (text: string) =>
  `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Members with a public page, the only ones a stranger may find by listing (docs/decisions/051):
 * active, activated accounts (whose page is served) of members — never staff — who sell
 * (account type seller or both) or have a published post on their page. A buyer who only buys
 * is not listed. Other modules name a member by username only when this holds.
 */
export const hasPublicPage = and(
  eq(users.status, 'active'),
  isNotNull(users.activatedAt),
  eq(users.role, 'user'),
  or(
    ne(users.accountType, 'buyer'),
    sql`exists (select 1 from ${products} where ${products.userId} = ${users.id} and ${products.status} = 'published' and not ${products.sellerHidden})`,
  ),
)!;
const isListed = hasPublicPage;

/**
 * GET /users?name=: the member directory, the same public view for every caller (staff list
 * everyone in GET /admin/users). Without a name, the newest members first; with one,
 * members whose username or display name contains it (case-insensitive), the exact username
 * first, then usernames starting with it, then the most liked. Substring matches on lower(...) are
 * what a trigram index serves (docs/decisions/022 names the two the table needs).
 */
export async function listDirectory(
  deps: Reader,
  query: z.output<typeof directoryQuery>,
): Promise<DirectoryResponse> {
  const name = query.name?.toLowerCase();
  const where = name
    ? and(
        isListed,
        or(
          sql`lower(${users.username}) like ${containsPattern(name)}`,
          sql`lower(${users.name}) like ${containsPattern(name)}`,
        ),
      )
    : isListed;
  const order: (SQL | AnyPgColumn)[] = name
    ? [
        sql`lower(${users.username}) = ${name} desc`,
        sql`starts_with(lower(${users.username}), ${name}) desc`,
        desc(users.likesCount),
        sql`lower(${users.name})`,
        users.id,
      ]
    : [desc(users.createdAt), desc(users.id)];
  const [rows, [total]] = await Promise.all([
    deps.db
      .select()
      .from(users)
      .where(where)
      .orderBy(...order)
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    deps.db.select({ n: count() }).from(users).where(where),
  ]);
  return { users: rows.map(toPublicMember), recordsCount: total?.n ?? 0 };
}

/**
 * GET /admin/users: every account (also unactivated and suspended ones), newest first, filtered by
 * role and status, searched in username, display name and email.
 */
export async function listAdminUsers(
  deps: Reader,
  query: z.output<typeof adminUsersQuery>,
): Promise<AdminUsersResponse> {
  const filters: (SQL | undefined)[] = [
    query.role ? eq(users.role, query.role) : undefined,
    query.status ? eq(users.status, query.status) : undefined,
  ];
  if (query.q) {
    const pattern = containsPattern(query.q);
    filters.push(
      or(
        sql`lower(${users.username}) like ${pattern}`,
        sql`lower(${users.name}) like ${pattern}`,
        sql`lower(${users.email}) like ${pattern}`,
      ),
    );
  }
  const where = and(...filters);
  const [rows, [total]] = await Promise.all([
    deps.db
      .select()
      .from(users)
      .where(where)
      // NULLS LAST as users_created_idx is written (plain `desc` would not match the index).
      .orderBy(sql`${users.createdAt} desc nulls last`, sql`${users.id} desc nulls last`)
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    deps.db.select({ n: count() }).from(users).where(where),
  ]);
  return { users: rows.map(toAdminUser), recordsCount: total?.n ?? 0 };
}
