// Who may suspend, delete or re-role whom (docs/decisions/022), zod-free: the server enforces these
// rules (modules/accounts/staff.ts) and the /users page offers only the actions they allow.
import { isAdminRole, isModeratorRole, type Role } from './account-rules';

export type StaffAction = 'suspend' | 'delete';

/** Why `actor` may not do `action` to `target` (the code and sentence the API answers), or null. */
export interface StaffRefusal {
  code: 'FORBIDDEN' | 'OWN_ACCOUNT' | 'SUPER_ADMIN_ONLY';
  message: string;
}

const RANK: Record<Role, number> = { user: 0, moderator: 1, admin: 2, superAdmin: 3 };

/**
 * Moderators suspend members; admins also suspend moderators and delete members and moderators;
 * only a super admin suspends or deletes an admin (or another super admin); nobody their own
 * account. (The last active super admin is protected by the server, which can count them.)
 */
export function staffRefusal(
  actor: { id: string; role: Role },
  target: { id: string; role: Role },
  action: StaffAction,
): StaffRefusal | null {
  const allowed = action === 'delete' ? isAdminRole(actor.role) : isModeratorRole(actor.role);
  if (!allowed) return { code: 'FORBIDDEN', message: 'You are not allowed to do that.' };
  if (actor.id.toLowerCase() === target.id.toLowerCase()) {
    return {
      code: 'OWN_ACCOUNT',
      message:
        action === 'delete'
          ? 'You cannot delete your own account here.'
          : 'You cannot suspend your own account.',
    };
  }
  if (isAdminRole(target.role) && actor.role !== 'superAdmin') {
    return { code: 'SUPER_ADMIN_ONLY', message: `Only a super admin can ${action} an admin.` };
  }
  if (target.role !== 'superAdmin' && RANK[target.role] >= RANK[actor.role]) {
    return { code: 'FORBIDDEN', message: `Only an admin can ${action} a moderator.` };
  }
  return null;
}

/** The roles `actor` may give `target` (empty: the role cannot be changed by them). */
export function assignableRoles(
  actor: { id: string; role: Role },
  target: { id: string; role: Role },
): Role[] {
  if (!isAdminRole(actor.role) || actor.id.toLowerCase() === target.id.toLowerCase()) return [];
  if (actor.role === 'superAdmin') return ['user', 'moderator', 'admin', 'superAdmin'];
  return isAdminRole(target.role) ? [] : ['user', 'moderator'];
}
