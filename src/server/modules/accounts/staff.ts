import { and, count, eq, ne, sql } from 'drizzle-orm';
import { isAdminRole, isModeratorRole, type Role } from '../../../shared/contracts/account-rules';
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

const RANK: Record<Role, number> = { user: 0, moderator: 1, admin: 2, superAdmin: 3 };

const VERB = { suspend: 'suspend', delete: 'delete' } as const;

/**
 * Whether `actor` may suspend (moderators and up) or delete (admins and up) `target`: never their
 * own account; a moderator only over plain members, an admin over moderators too, and an admin
 * account only by a super admin (who may also act on another super admin, never on the last
 * active one: assertKeepsActiveSuperAdmin).
 */
export function assertMayActOn(
  actor: StaffActor,
  target: Pick<UserRow, 'id' | 'role'>,
  what: keyof typeof VERB,
): void {
  const allowed = what === 'delete' ? isAdminRole(actor.role) : isModeratorRole(actor.role);
  if (!allowed) throw forbidden();
  if (actor.id.toLowerCase() === target.id) {
    throw forbidden(
      what === 'delete'
        ? 'You cannot delete your own account here.'
        : 'You cannot suspend your own account.',
      'OWN_ACCOUNT',
    );
  }
  if (isAdminRole(target.role) && actor.role !== 'superAdmin') {
    throw forbidden(`Only a super admin can ${VERB[what]} an admin.`, 'SUPER_ADMIN_ONLY');
  }
  if (target.role !== 'superAdmin' && RANK[target.role] >= RANK[actor.role]) {
    throw forbidden(`Only an admin can ${VERB[what]} a moderator.`);
  }
}
