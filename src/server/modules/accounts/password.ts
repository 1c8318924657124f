import { eq, sql } from 'drizzle-orm';
import { MESSAGES } from '../../../shared/messages';
import { users, type UserRow } from '../../db/schema';
import {
  inTransaction,
  nowDate,
  unauthorized,
  validationError,
  type DbOrTx,
  type ModuleDeps,
} from '../core';
import { consumeEmailToken } from './emailed-tokens';
import { queueAccountMail } from './mail';
import { assertStrongPassword, hashPassword, verifyPassword } from './passwords';
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
  deps: ModuleDeps,
  email: string,
): Promise<{ message: string }> {
  const user = await findUserByEmail(deps.db, email);
  if (user && user.status === 'active') await queueAccountMail(deps, 'password_reset', user.id);
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
  deps: ModuleDeps,
  input: { token: string; password: string },
): Promise<{ message: string }> {
  await assertStrongPassword(input.password);
  const passwordHash = await hashPassword(input.password);
  const now = nowDate(deps);
  const changed = await inTransaction(deps, async (tx) => {
    const userId = await consumeEmailToken(tx.db, input.token, 'password_reset', now);
    if (!userId) return false;
    await replacePassword(tx.db, userId, passwordHash, now, true);
    await queueAccountMail(tx, 'password_changed', userId);
    return true;
  });
  if (!changed) throw validationError(RESET_LINK_INVALID, 'RESET_TOKEN_INVALID');
  return { message: MESSAGES.passwordUpdated };
}

/**
 * PATCH /users/password signed in, with the current password. Every other session ends; this one
 * continues with the fresh tokens returned.
 */
export async function changePassword(
  deps: ModuleDeps,
  userId: string,
  input: { currentPassword: string; password: string },
): Promise<{ message: string; session: SessionTokens }> {
  const current = await findUserById(deps.db, userId);
  if (!current) throw unauthorized();
  if (!(await verifyPassword(current.passwordHash, input.currentPassword))) {
    deps.log.warn({ userId, reason: 'wrong_current_password' }, 'password change refused');
    throw validationError(WRONG_CURRENT_PASSWORD, 'WRONG_PASSWORD', [
      { path: ['currentPassword'], message: 'The current password is incorrect.' },
    ]);
  }
  await assertStrongPassword(input.password, current);
  const passwordHash = await hashPassword(input.password);
  const now = nowDate(deps);
  const session = await inTransaction(deps, async (tx) => {
    await replacePassword(tx.db, userId, passwordHash, now, false);
    const user = (await findUserById(tx.db, userId)) as UserRow;
    await queueAccountMail(tx, 'password_changed', userId);
    return startSession(tx, user);
  });
  return { message: MESSAGES.passwordUpdated, session };
}
