import { eq } from 'drizzle-orm';
import { isAdminRole, type Role, type SessionUser } from '../../../shared/contracts/accounts';
import { users } from '../../db/schema';
import { forbidden, inTransaction, notFound, nowDate, type ModuleDeps } from '../core';
import { USER_NOT_FOUND } from './profile';
import { assertKeepsActiveSuperAdmin, lockStaffChanges } from './staff';
import { findUserById, toSessionUser } from './users-repo';

export const LAST_SUPER_ADMIN =
  'This is the last super admin: make another account a super admin before changing this one.';

/**
 * PATCH /admin/users/roles. Admins manage users and moderators; only a super admin may grant or
 * take away admin rights; nobody changes their own role; and the service always keeps a super
 * admin. Ids are compared as the database compares them (case-insensitively: they are UUIDs), so
 * no spelling of one's own id gets round the own-role rule.
 */
export async function changeUserRole(
  deps: ModuleDeps,
  actor: { id: string; role: Role },
  input: { id: string; role: Role },
): Promise<SessionUser> {
  if (!isAdminRole(actor.role)) throw forbidden();
  const targetId = input.id.toLowerCase();
  if (actor.id.toLowerCase() === targetId)
    throw forbidden('You cannot change your own role.', 'OWN_ROLE');
  return inTransaction(deps, async ({ db }) => {
    // One role change at a time: two super admins demoting each other at once must not leave none.
    await lockStaffChanges(db);
    const target = await findUserById(db, targetId);
    if (!target) throw notFound(USER_NOT_FOUND, 'USER_NOT_FOUND');
    if (actor.role !== 'superAdmin' && (isAdminRole(input.role) || isAdminRole(target.role))) {
      throw forbidden('Only a super admin can grant or remove admin rights.', 'SUPER_ADMIN_ONLY');
    }
    // A suspended super admin does not count: the service always keeps an active one.
    if (input.role !== 'superAdmin')
      await assertKeepsActiveSuperAdmin(db, target, LAST_SUPER_ADMIN);
    const [row] = await db
      .update(users)
      .set({ role: input.role, updatedAt: nowDate(deps) })
      .where(eq(users.id, target.id))
      .returning();
    return toSessionUser(row!);
  });
}
