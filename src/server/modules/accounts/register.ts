import type { RegisterRequest, RegisterResponse } from '../../../shared/contracts/accounts';
import { MESSAGES } from '../../../shared/messages';
import { inTransaction, type ModuleDeps } from '../core';
import { queueAccountMail } from './mail';
import { hashPassword } from './passwords';
import { assertAvailable, createAccount, toSessionUser } from './users-repo';

/**
 * POST /register: the user, their site and their activation email (a job) in one transaction; the
 * email is delivered after the answer, and retried while the mail server is down.
 */
export async function registerUser(
  deps: ModuleDeps,
  input: RegisterRequest,
): Promise<RegisterResponse> {
  await assertAvailable(deps.db, input.username, input.email);
  // Hashing is slow by design: do it before opening the transaction.
  const passwordHash = await hashPassword(input.password);
  const user = await inTransaction(deps, async (tx) => {
    const { user } = await createAccount(tx, {
      username: input.username,
      name: input.name,
      email: input.email,
      passwordHash,
      accountType: input.accountType,
    });
    await queueAccountMail(tx, 'activation', user.id);
    return user;
  });
  return {
    message: MESSAGES.registrationSuccess,
    user: toSessionUser(user),
    activationEmailSent: true,
  };
}
