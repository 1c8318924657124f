import type { LoginRequest, LoginResponse } from '../../../shared/contracts/accounts';
import { DomainError, forbidden, unauthorized, type ModuleDeps } from '../core';
import { findSiteByUserId } from '../sites';
import { verifyDummy, verifyPassword } from './passwords';
import { startSession, type SessionTokens } from './sessions';
import { findUserByLogin, toSessionUser } from './users-repo';

export const WRONG_CREDENTIALS = 'The email/username or password is incorrect.';
export const NOT_ACTIVATED =
  'Your account is not activated yet. Open the link in the activation email we sent you, or ask for a new activation email.';
export const SUSPENDED = 'This account has been suspended. Please contact support.';

export interface LoginResult {
  body: LoginResponse;
  session: SessionTokens;
}

/**
 * POST /login with email or username. The password is checked before anything about the account
 * is revealed (activation, suspension), and a missing account costs the same time as a wrong
 * password.
 */
export async function login(deps: ModuleDeps, input: LoginRequest): Promise<LoginResult> {
  const user = await findUserByLogin(deps.db, input.email);
  const ok = user
    ? await verifyPassword(user.passwordHash, input.password)
    : await verifyDummy(input.password);
  if (!user || !ok) {
    deps.log.warn(
      { login: input.email.slice(0, 254), reason: user ? 'wrong_password' : 'unknown_account' },
      'login failed',
    );
    throw unauthorized(WRONG_CREDENTIALS, 'INVALID_CREDENTIALS');
  }
  if (user.status !== 'active') {
    deps.log.warn({ userId: user.id, reason: 'suspended' }, 'login refused');
    throw forbidden(SUSPENDED, 'ACCOUNT_SUSPENDED');
  }
  if (!user.activatedAt) throw new DomainError('ACCOUNT_NOT_ACTIVATED', NOT_ACTIVATED);

  const site = await findSiteByUserId(deps, user.id);
  if (!site) throw new Error(`user ${user.id} has no site`);
  const session = await startSession(deps, user);
  return {
    session,
    body: {
      user: { ...toSessionUser(user), token: session.token, refreshToken: session.refreshToken },
      site,
    },
  };
}
