import type { FastifyPluginAsync } from 'fastify';
import { accountsApi } from '../../../../shared/api/accounts';
import {
  activateAccount,
  changePassword,
  endSession,
  findUserByLogin,
  login,
  registerUser,
  requestPasswordReset,
  resendActivation,
  resetPassword,
  rotateRefreshToken,
} from '../../../modules/accounts';
import { isDomainError, unauthorized } from '../../../modules/core';
import { currentUser } from '../auth';
import { defineRoute } from '../route';
import { clearSessionCookies, presentedRefreshToken, setSessionCookies } from '../session';
import { HOUR, MINUTE, bodyEmail, clientIp, perIp, perKey } from './rate-limits';

/** Registration, activation, login, token refresh, logout and passwords (SPEC §7 Auth and users). */
export const authRoutes: FastifyPluginAsync = async (app) => {
  // Per account as well as per IP: one address cannot hammer one account, and the per-email
  // limits stop a mailbox being flooded.
  const loginPerAccount = perKey(app, 'login-account', {
    max: 5,
    timeWindow: MINUTE,
    // The account, not the spelling: its email and its username (any case) share one budget.
    key: async (r) => {
      const identifier = bodyEmail(r);
      if (identifier === undefined) return undefined;
      const account = await findUserByLogin(app.deps.database.db, identifier);
      return `${clientIp(r)}|${account ? account.id : identifier}`;
    },
  });
  // Per address and email together: a stranger elsewhere cannot use up the owner's budget (the
  // mails themselves are de-duplicated by the accounts module).
  const mailPerEmail = (name: string) =>
    perKey(app, name, {
      max: 3,
      timeWindow: HOUR,
      key: (r) => {
        const email = bodyEmail(r);
        return email === undefined ? undefined : `${clientIp(r)}|${email}`;
      },
    });

  defineRoute(app, accountsApi.register, {
    access: 'public',
    rateLimit: perIp(5, HOUR),
    handler: async (request, _reply, deps) => registerUser(deps, request.body),
  });

  defineRoute(app, accountsApi.activateAccount, {
    access: 'public',
    handler: async (request, _reply, deps) => activateAccount(deps, request.query.token),
  });

  defineRoute(app, accountsApi.resendActivation, {
    access: 'public',
    rateLimit: perIp(5, HOUR),
    preHandler: mailPerEmail('resend-activation'),
    handler: async (request, _reply, deps) => resendActivation(deps, request.body.email),
  });

  defineRoute(app, accountsApi.login, {
    access: 'public',
    rateLimit: perIp(10, MINUTE),
    preHandler: loginPerAccount,
    handler: async (request, reply, deps) => {
      const { body, session } = await login(deps, request.body);
      setSessionCookies(reply, deps.env, session, deps.now());
      return body;
    },
  });

  defineRoute(app, accountsApi.refreshToken, {
    access: 'public',
    handler: async (request, reply, deps) => {
      const presented = presentedRefreshToken(request, request.body?.refreshToken, deps.env);
      try {
        if (!presented)
          throw unauthorized('Your session has expired. Please log in again.', 'SESSION_EXPIRED');
        const session = await rotateRefreshToken(deps, presented);
        setSessionCookies(reply, deps.env, session, deps.now());
        return { token: session.token, refreshToken: session.refreshToken };
      } catch (err) {
        if (isDomainError(err) && err.kind === 'unauthorized') clearSessionCookies(reply, deps.env);
        throw err;
      }
    },
  });

  defineRoute(app, accountsApi.logout, {
    access: 'public',
    handler: async (request, reply, deps) => {
      const presented = presentedRefreshToken(request, request.body?.refreshToken, deps.env);
      await endSession(deps, presented);
      clearSessionCookies(reply, deps.env);
      return { message: 'You have been logged out.' };
    },
  });

  defineRoute(app, accountsApi.requestPasswordReset, {
    access: 'public',
    rateLimit: perIp(5, HOUR),
    preHandler: mailPerEmail('password-reset'),
    handler: async (request, _reply, deps) => requestPasswordReset(deps, request.body.email),
  });

  // Public: with the emailed token nobody is signed in; without it, the use-case needs a user.
  defineRoute(app, accountsApi.changePassword, {
    access: 'public',
    rateLimit: perIp(10, MINUTE),
    handler: async (request, reply, deps) => {
      const { token, currentPassword, password } = request.body;
      if (token !== undefined) return resetPassword(deps, { token, password });
      const result = await changePassword(deps, currentUser(request).id, {
        currentPassword: currentPassword ?? '',
        password,
      });
      setSessionCookies(reply, deps.env, result.session, deps.now());
      return {
        message: result.message,
        token: result.session.token,
        refreshToken: result.session.refreshToken,
      };
    },
  });
};
