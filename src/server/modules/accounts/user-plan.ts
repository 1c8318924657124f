import { eq } from 'drizzle-orm';
import type { UserPlan } from '../../../shared/contracts/accounts';
import { users } from '../../db/schema';
import { nowDate, type ModuleDeps } from '../core';

/**
 * Writes a member's SPEC §3 `plan` field (the plans module keeps it in step with their
 * subscription; null is the free plan). Accounts owns the users table, so the write happens here.
 */
export async function setUserPlan(
  deps: Pick<ModuleDeps, 'db' | 'now'>,
  userId: string,
  plan: UserPlan | null,
): Promise<void> {
  await deps.db.update(users).set({ plan, updatedAt: nowDate(deps) }).where(eq(users.id, userId));
}
