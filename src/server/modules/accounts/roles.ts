import { eq } from 'drizzle-orm';
import { isAdminRole, type Role, type SessionUser } from '../../../shared/contracts/accounts';
import { users } from '../../db/schema';
import { forbidden, notFound, nowDate, type ModuleDeps } from '../core';
import { USER_NOT_FOUND } from './profile';
import { findUserById, toSessionUser } from './users-repo';

/**
 * PATCH /admin/users/roles. Admins manage users and moderators; only a super admin may grant or
 * take away admin rights; nobody changes their own role (so the last super admin cannot lock the
 * service out by accident).
 */
export async function changeUserRole(
  deps: ModuleDeps,
  actor: { id: string; role: Role },
  input: { id: string; role: Role },
): Promise<SessionUser> {
  if (!isAdminRole(actor.role)) throw forbidden();
  if (actor.id === input.id) throw forbidden('You cannot change your own role.', 'OWN_ROLE');
  const db = deps.db;
  const target = await findUserById(db, input.id);
  if (!target) throw notFound(USER_NOT_FOUND, 'USER_NOT_FOUND');
  if (actor.role !== 'superAdmin' && (isAdminRole(input.role) || isAdminRole(target.role))) {
    throw forbidden('Only a super admin can grant or remove admin rights.', 'SUPER_ADMIN_ONLY');
  }
  const [row] = await db
    .update(users)
    .set({ role: input.role, updatedAt: nowDate(deps) })
    .where(eq(users.id, input.id))
    .returning();
  return toSessionUser(row!);
}
