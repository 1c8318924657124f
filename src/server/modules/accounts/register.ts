import { randomUUID } from 'node:crypto';
import type {
  RegisterRequest,
  RegisterResponse,
  SessionUser,
} from '../../../shared/contracts/accounts';
import { MESSAGES } from '../../../shared/messages';
import { inTransaction, isDomainError, nowDate, type ModuleDeps } from '../core';
import { queueAccountMail } from './mail';
import { assertStrongPassword, hashPassword } from './passwords';
import { assertUsernameAvailable, createAccount, findUserByEmail, toSessionUser } from './users-repo';

/**
 * POST /register: the user, their site and their activation email (a job) in one transaction; the
 * email is delivered after the answer, and retried while the mail server is down.
 *
 * Whether an email address has an account is nobody else's business: registering with one that
 * has gives the very same answer (after the same work), creates nothing, and sends the owner a
 * "someone tried to register with your address" email instead. Usernames are public (they are
 * page addresses), so a taken one is said plainly.
 */
export async function registerUser(
  deps: ModuleDeps,
  input: RegisterRequest,
): Promise<RegisterResponse> {
  await assertUsernameAvailable(deps.db, input.username);
  await assertStrongPassword(input.password, input);
  // Hashing is slow by design: do it before opening the transaction (and for both answers alike).
  const passwordHash = await hashPassword(input.password);
  const owner = await findUserByEmail(deps.db, input.email);
  if (owner) return answerForTakenEmail(deps, owner.id, input);
  try {
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
    return registered(toSessionUser(user));
  } catch (err) {
    // Lost a race for the address to a registration that committed meanwhile.
    const winner = isDomainError(err) && err.code === 'EMAIL_TAKEN' && (await findUserByEmail(deps.db, input.email));
    if (winner) return answerForTakenEmail(deps, winner.id, input);
    throw err;
  }
}

const registered = (user: SessionUser): RegisterResponse => ({
  message: MESSAGES.registrationSuccess,
  user,
  activationEmailSent: true,
});

/** The answer a new account would have got, for an address that already has one. */
async function answerForTakenEmail(
  deps: ModuleDeps,
  ownerId: string,
  input: RegisterRequest,
): Promise<RegisterResponse> {
  await queueAccountMail(deps, 'registration_attempt', ownerId);
  return registered({
    _id: randomUUID(),
    username: input.username,
    name: input.name,
    email: input.email,
    role: 'user',
    accountType: input.accountType,
    bio: '',
    link: '',
    _tags: [],
    image: null,
    plan: null,
    likesCount: 0,
    likesType: 'user',
    stripeUserId: null,
    stripeAccountLink: null,
    createdAt: nowDate(deps).toISOString(),
  });
}
