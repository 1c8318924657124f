import { eq, sql } from 'drizzle-orm';
import type { UserStatus } from '../../../shared/contracts/social-rules';
import { users, type UserRow } from '../../db/schema';
import { nowDate, type ModuleDeps } from '../core';
import { revokeAllSessions } from './sessions';
import {
  assertKeepsActiveSuperAdmin,
  assertMayActOn,
  lockStaffChanges,
  lockUser,
  type StaffActor,
} from './staff';

export interface StatusChange {
  /** The account after the call. */
  user: UserRow;
  /** False when it already had that status (nothing was written). */
  changed: boolean;
}

/**
 * Suspends or reinstates an account, inside the caller's transaction (the moderation module hides
 * or shows the member's posts and records the decision in the same one). Suspending ends every
 * session at once: the session version moves on (access tokens already issued are refused on
 * their next request) and every refresh family is revoked; login is refused while suspended
 * (login.ts). The rules of assertMayActOn apply to both directions; the last active super admin
 * is never suspended.
 */
export async function setAccountStatus(
  tx: Pick<ModuleDeps, 'db' | 'now'>,
  actor: StaffActor,
  input: { id: string; status: UserStatus },
): Promise<StatusChange> {
  await lockStaffChanges(tx.db);
  const target = await lockUser(tx.db, input.id);
  assertMayActOn(actor, target, 'suspend');
  if (target.status === input.status) return { user: target, changed: false };
  const at = nowDate(tx);
  if (input.status === 'suspended') {
    await assertKeepsActiveSuperAdmin(tx.db, target);
    await revokeAllSessions(tx.db, target.id, at);
  }
  const [row] = await tx.db
    .update(users)
    .set({
      status: input.status,
      updatedAt: at,
      ...(input.status === 'suspended' && { sessionVersion: sql`${users.sessionVersion} + 1` }),
    })
    .where(eq(users.id, target.id))
    .returning();
  return { user: row!, changed: true };
}
