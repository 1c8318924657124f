import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import { nowDate, type ModuleDeps } from '../core';

/**
 * Records the member's payout account with the payment provider (SPEC §3 User.stripeUserId and
 * stripeAccountLink); commerce keeps the onboarding state itself (seller_accounts).
 */
export async function setPaymentAccount(
  deps: Pick<ModuleDeps, 'db' | 'now'>,
  userId: string,
  account: { stripeUserId: string; stripeAccountLink: string | null },
): Promise<void> {
  await deps.db
    .update(users)
    .set({ ...account, updatedAt: nowDate(deps) })
    .where(eq(users.id, userId));
}
