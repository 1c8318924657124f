import { eq, sql } from 'drizzle-orm';
import { AppError, badRequest, unauthorized } from '../../../shared/errors';
import { MESSAGES } from '../../../shared/messages';
import { users, type UserRow } from '../../db/schema';
import { nowDate, silentLog, type AccountsDeps, type DbOrTx, type Logger } from './deps';
import { consumeEmailToken, issueEmailToken } from './emailed-tokens';
import { sendInBackground, sendPasswordChangedMail, sendPasswordResetMail } from './mailer';
import { hashPassword, verifyPassword } from './passwords';
import { revokeAllSessions, startSession, type SessionTokens } from './sessions';
import { findUserByEmail, findUserById } from './users-repo';

export const RESET_LINK_INVALID =
  'This password reset link is invalid, has expired or has already been used. Please request a new one.';
export const WRONG_CURRENT_PASSWORD = 'currentPassword: The current password is incorrect.';

/**
 * POST /users/password-reset-link: the same answer whatever the email, so it cannot reveal who has
 * an account. Suspended accounts get no link.
 */
export async function requestPasswordReset(
  deps: AccountsDeps,
  email: string,
  log: Logger = silentLog,
): Promise<{ message: string }> {
  const user = await findUserByEmail(deps.database.db, email);
  if (user && user.status === 'active') {
    const token = await issueEmailToken(deps.database.db, user.id, 'password_reset', nowDate(deps));
    sendInBackground(deps, sendPasswordResetMail(deps, user, token, log));
  }
  return { message: MESSAGES.passwordResetLinkSent };
}

/**
 * Stores the new hash, bumps the session version (outstanding access tokens stop working) and
 * revokes every refresh family: every session of the account ends.
 */
async function replacePassword(
  tx: DbOrTx,
  userId: string,
  passwordHash: string,
  now: Date,
  activate: boolean,
) {
  await tx
    .update(users)
    .set({
      passwordHash,
      sessionVersion: sql`${users.sessionVersion} + 1`,
      updatedAt: now,
      // Following an emailed link proves the address, which is all activation asks.
      ...(activate
        ? { activatedAt: sql`coalesce(${users.activatedAt}, ${now.toISOString()}::timestamptz)` }
        : {}),
    })
    .where(eq(users.id, userId));
  await revokeAllSessions(tx, userId, now);
}

/** PATCH /users/password with an emailed token (signed out). */
export async function resetPassword(
  deps: AccountsDeps,
  input: { token: string; password: string },
  log: Logger = silentLog,
): Promise<{ message: string }> {
  const passwordHash = await hashPassword(input.password);
  const now = nowDate(deps);
  const user = await deps.database.db.transaction(async (tx) => {
    const userId = await consumeEmailToken(tx, input.token, 'password_reset', now);
    if (!userId) return null;
    await replacePassword(tx, userId, passwordHash, now, true);
    return findUserById(tx, userId);
  });
  if (!user) throw badRequest(RESET_LINK_INVALID, 'RESET_TOKEN_INVALID');
  await sendPasswordChangedMail(deps, user, log);
  return { message: MESSAGES.passwordUpdated };
}

/**
 * PATCH /users/password signed in, with the current password. Every other session ends; this one
 * continues with the fresh tokens returned.
 */
export async function changePassword(
  deps: AccountsDeps,
  userId: string,
  input: { currentPassword: string; password: string },
  log: Logger = silentLog,
): Promise<{ message: string; session: SessionTokens }> {
  const db = deps.database.db;
  const current = await findUserById(db, userId);
  if (!current) throw unauthorized();
  if (!(await verifyPassword(current.passwordHash, input.currentPassword))) {
    log.warn({ userId, reason: 'wrong_current_password' }, 'password change refused');
    throw new AppError(400, 'WRONG_PASSWORD', WRONG_CURRENT_PASSWORD, [
      { path: ['currentPassword'], message: 'The current password is incorrect.' },
    ]);
  }
  const passwordHash = await hashPassword(input.password);
  const now = nowDate(deps);
  const { user, session } = await db.transaction(async (tx) => {
    await replacePassword(tx, userId, passwordHash, now, false);
    const user = (await findUserById(tx, userId)) as UserRow;
    const session = await startSession(deps, user, tx);
    return { user, session };
  });
  await sendPasswordChangedMail(deps, user, log);
  return { message: MESSAGES.passwordUpdated, session };
}
