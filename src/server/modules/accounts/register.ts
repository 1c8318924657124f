import type { RegisterRequest, RegisterResponse } from '../../../shared/contracts/accounts';
import { MESSAGES } from '../../../shared/messages';
import { silentLog, nowDate, type AccountsDeps, type Logger } from './deps';
import { issueEmailToken } from './emailed-tokens';
import { sendActivationMail } from './mailer';
import { hashPassword } from './passwords';
import { assertAvailable, createAccount, toSessionUser } from './users-repo';

export const ACTIVATION_EMAIL_DELAYED =
  'Your account was created, but we could not send the activation email just now. Please use "Resend the activation email" in a few minutes.';

/**
 * POST /register: the user, their site and an activation token in one transaction, then the
 * activation email. A mail failure keeps the account (the user can ask for a new email).
 */
export async function registerUser(
  deps: AccountsDeps,
  input: RegisterRequest,
  log: Logger = silentLog,
): Promise<RegisterResponse> {
  const db = deps.database.db;
  await assertAvailable(db, input.username, input.email);
  // Hashing is slow by design: do it before opening the transaction.
  const passwordHash = await hashPassword(input.password);
  const { user, token } = await db.transaction(async (tx) => {
    const { user } = await createAccount(tx, {
      username: input.username,
      name: input.name,
      email: input.email,
      passwordHash,
      accountType: input.accountType,
    });
    const token = await issueEmailToken(tx, user.id, 'activation', nowDate(deps));
    return { user, token };
  });
  const sent = await sendActivationMail(deps, user, token, log);
  return {
    message: sent ? MESSAGES.registrationSuccess : ACTIVATION_EMAIL_DELAYED,
    user: toSessionUser(user),
    activationEmailSent: sent,
  };
}
