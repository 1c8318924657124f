import { and, count, eq, ne, sql } from 'drizzle-orm';
import type { Role } from '../../../shared/contracts/account-rules';
import { staffRefusal, type StaffAction } from '../../../shared/contracts/staff-rules';
import { isUuid } from '../../../shared/contracts/common';
import type { AdminUser } from '../../../shared/contracts/users-admin';
import { imageOf } from '../../../shared/contracts/common';
import { users, type UserRow } from '../../db/schema';
import { conflict, forbidden, notFound, type DbOrTx } from '../core';
import { USER_NOT_FOUND } from './profile';

/** Who is acting on another account: the signed-in staff member. */
export interface StaffActor {
  id: string;
  role: Role;
}

/** The staff's view of an account (adminUserSchema). */
export function toAdminUser(row: UserRow): AdminUser {
  return {
    _id: row.id,
    username: row.username,
    name: row.name,
    email: row.email,
    role: row.role,
    accountType: row.accountType,
    status: row.status,
    image: imageOf(row.imageThumbnail, row.imageFullsize),
    likesCount: row.likesCount,
    createdAt: row.createdAt.toISOString(),
    activatedAt: row.activatedAt?.toISOString() ?? null,
  };
}

export const LAST_ACTIVE_SUPER_ADMIN =
  'This is the last active super admin: make another account a super admin before suspending, deleting or demoting this one.';

/**
 * One change of roles, statuses or accounts at a time: two super admins suspending, deleting or
 * demoting each other at once must not leave none. Taken by every such transaction.
 */
export async function lockStaffChanges(db: DbOrTx): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('storefront:roles'))`);
}

/** Refuses (409) when taking `target` away would leave no active super admin. */
export async function assertKeepsActiveSuperAdmin(
  db: DbOrTx,
  target: Pick<UserRow, 'id' | 'role' | 'status'>,
  message: string = LAST_ACTIVE_SUPER_ADMIN,
): Promise<void> {
  if (target.role !== 'superAdmin' || target.status !== 'active') return;
  const [others] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.role, 'superAdmin'), eq(users.status, 'active'), ne(users.id, target.id)));
  if ((others?.n ?? 0) === 0) throw conflict(message, 'LAST_SUPER_ADMIN');
}

/** The account `id`, locked for the rest of the transaction; a malformed or unknown id → 404. */
export async function lockUser(db: DbOrTx, id: string): Promise<UserRow> {
  const missing = () => notFound(USER_NOT_FOUND, 'USER_NOT_FOUND');
  if (!isUuid(id)) throw missing();
  const [row] = await db
    .select()
    .from(users)
    .where(eq(users.id, id.toLowerCase()))
    .limit(1)
    .for('update');
  if (!row) throw missing();
  return row;
}

/**
 * Whether `actor` may suspend (moderators and up) or delete (admins and up) `target`: the shared
 * rules of staff-rules.ts (never one's own account; an admin account only by a super admin). The
 * last active super admin is assertKeepsActiveSuperAdmin's.
 */
export function assertMayActOn(
  actor: StaffActor,
  target: Pick<UserRow, 'id' | 'role'>,
  what: StaffAction,
): void {
  const refusal = staffRefusal(actor, target, what);
  if (refusal) throw forbidden(refusal.message, refusal.code);
}
