import { and, eq, isNull } from 'drizzle-orm';
import { MESSAGES } from '../../../shared/messages';
import { users } from '../../db/schema';
import { inTransaction, nowDate, validationError, type ModuleDeps } from '../core';
import { consumeEmailToken } from './emailed-tokens';
import { queueAccountMail } from './mail';
import { findUserByEmail } from './users-repo';

/** Neutral on purpose: it must read true whether or not the account exists. */
export const ACTIVATION_RESENT =
  'If that email belongs to an account that still needs activating, a new activation email will arrive within a few minutes.';

export const ACTIVATION_LINK_INVALID =
  'This activation link is invalid, has expired or has already been used. Request a new activation email and try again.';

/** GET /users/activate-account?token=: single use, 24 hours. */
export async function activateAccount(
  deps: ModuleDeps,
  token: string,
): Promise<{ message: string }> {
  const now = nowDate(deps);
  const activated = await inTransaction(deps, async ({ db }) => {
    const userId = await consumeEmailToken(db, token, 'activation', now);
    if (!userId) return false;
    await db
      .update(users)
      .set({ activatedAt: now, updatedAt: now })
      .where(and(eq(users.id, userId), isNull(users.activatedAt)));
    return true;
  });
  if (!activated) throw validationError(ACTIVATION_LINK_INVALID, 'ACTIVATION_TOKEN_INVALID');
  return { message: MESSAGES.accountActivated };
}

/**
 * POST /re-send-account-verification. The answer is the same whether or not the account exists or
 * is already active, so it cannot be used to find out who has an account; the email itself is
 * queued, so the answer comes as fast for a real account as for an unknown one.
 */
export async function resendActivation(
  deps: ModuleDeps,
  email: string,
): Promise<{ message: string }> {
  const user = await findUserByEmail(deps.db, email);
  if (user && !user.activatedAt && user.status === 'active') {
    await queueAccountMail(deps, 'activation', user.id);
  }
  return { message: ACTIVATION_RESENT };
}
