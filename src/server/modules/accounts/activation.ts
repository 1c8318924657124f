import { and, eq, isNull } from 'drizzle-orm';
import { badRequest } from '../../../shared/errors';
import { MESSAGES } from '../../../shared/messages';
import { users } from '../../db/schema';
import { nowDate, silentLog, type AccountsDeps, type Logger } from './deps';
import { consumeEmailToken, issueEmailToken } from './emailed-tokens';
import { sendActivationMail, sendInBackground } from './mailer';
import { findUserByEmail } from './users-repo';

/** Neutral on purpose: it must read true whether or not the account exists. */
export const ACTIVATION_RESENT =
  'If that email belongs to an account that still needs activating, a new activation email will arrive within a few minutes.';

export const ACTIVATION_LINK_INVALID =
  'This activation link is invalid, has expired or has already been used. Request a new activation email and try again.';

/** GET /users/activate-account?token=: single use, 24 hours. */
export async function activateAccount(
  deps: AccountsDeps,
  token: string,
): Promise<{ message: string }> {
  const now = nowDate(deps);
  const activated = await deps.database.db.transaction(async (tx) => {
    const userId = await consumeEmailToken(tx, token, 'activation', now);
    if (!userId) return false;
    await tx
      .update(users)
      .set({ activatedAt: now, updatedAt: now })
      .where(and(eq(users.id, userId), isNull(users.activatedAt)));
    return true;
  });
  if (!activated) throw badRequest(ACTIVATION_LINK_INVALID, 'ACTIVATION_TOKEN_INVALID');
  return { message: MESSAGES.accountActivated };
}

/**
 * POST /re-send-account-verification. The answer is the same whether or not the account exists or
 * is already active, so it cannot be used to find out who has an account.
 */
export async function resendActivation(
  deps: AccountsDeps,
  email: string,
  log: Logger = silentLog,
): Promise<{ message: string }> {
  const user = await findUserByEmail(deps.database.db, email);
  if (user && !user.activatedAt && user.status === 'active') {
    const token = await issueEmailToken(deps.database.db, user.id, 'activation', nowDate(deps));
    sendInBackground(deps, sendActivationMail(deps, user, token, log));
  }
  return { message: ACTIVATION_RESENT };
}
