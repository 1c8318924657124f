import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  activateQuery,
  activateResponse,
  emailRequest,
  loginRequest,
  loginResponse,
  logoutRequest,
  passwordChangeRequest,
  passwordChangeResponse,
  refreshRequest,
  refreshResponse,
  registerRequest,
  registerResponse,
} from '../../../../../shared/contracts/accounts';
import { messageResponse } from '../../../../../shared/contracts/common';
import { AppError, unauthorized } from '../../../../../shared/errors';
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
} from '../../../../modules/accounts';
import { clearSessionCookies, presentedRefreshToken, setSessionCookies } from '../../../session';
import { HOUR, MINUTE, bodyEmail, clientIp, perIp, perKey } from './rate-limits';

/** Registration, activation, login, token refresh, logout and passwords (SPEC §7 Auth and users). */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const now = () => deps.now?.() ?? Date.now();
  const tags = ['auth'];

  // Per account as well as per IP: one address cannot hammer one account, and the per-email
  // limits stop a mailbox being flooded.
  const loginPerAccount = perKey(app, 'login-account', {
    max: 5,
    timeWindow: MINUTE,
    // The account, not the spelling: its email and its username (any case) share one budget.
    key: async (r) => {
      const identifier = bodyEmail(r);
      if (identifier === undefined) return undefined;
      const account = await findUserByLogin(deps.database.db, identifier);
      return `${clientIp(r)}|${account ? account.id : identifier}`;
    },
  });
  const mailPerEmail = (name: string) =>
    perKey(app, name, { max: 3, timeWindow: HOUR, key: bodyEmail });

  app.post(
    '/register',
    {
      config: { rateLimit: perIp(5, HOUR) },
      schema: {
        tags,
        summary: 'Create an account and its site; emails an activation link',
        body: registerRequest,
        response: { 201: registerResponse },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await registerUser(deps, request.body, request.log)),
  );

  app.get(
    '/users/activate-account',
    {
      schema: {
        tags,
        summary: 'Activate an account with the emailed token',
        querystring: activateQuery,
        response: { 200: activateResponse },
      },
    },
    async (request) => activateAccount(deps, request.query.token),
  );

  app.post(
    '/re-send-account-verification',
    {
      config: { rateLimit: perIp(5, HOUR) },
      preHandler: mailPerEmail('resend-activation'),
      schema: {
        tags,
        summary: 'Send a new activation email (same answer for every email)',
        body: emailRequest,
        response: { 200: messageResponse },
      },
    },
    async (request) => resendActivation(deps, request.body.email, request.log),
  );

  app.post(
    '/login',
    {
      config: { rateLimit: perIp(10, MINUTE) },
      preHandler: loginPerAccount,
      schema: {
        tags,
        summary: 'Log in with email or username; sets the session cookies',
        body: loginRequest,
        response: { 200: loginResponse },
      },
    },
    async (request, reply) => {
      const { body, session } = await login(deps, request.body, request.log);
      setSessionCookies(reply, deps.env, session, now());
      return body;
    },
  );

  app.post(
    '/token',
    {
      schema: {
        tags,
        summary: 'Rotate the refresh token (body or cookie) for new tokens',
        body: refreshRequest,
        response: { 200: refreshResponse },
      },
    },
    async (request, reply) => {
      const presented = presentedRefreshToken(request, request.body?.refreshToken, deps.env);
      try {
        if (!presented)
          throw unauthorized('Your session has expired. Please log in again.', 'SESSION_EXPIRED');
        const session = await rotateRefreshToken(deps, presented, request.log);
        setSessionCookies(reply, deps.env, session, now());
        return { token: session.token, refreshToken: session.refreshToken };
      } catch (err) {
        if (err instanceof AppError && err.statusCode === 401) clearSessionCookies(reply, deps.env);
        throw err;
      }
    },
  );

  app.post(
    '/logout',
    {
      schema: {
        tags,
        summary: 'End this session (revokes its refresh family) and clear cookies',
        body: logoutRequest,
        response: { 200: messageResponse },
      },
    },
    async (request, reply) => {
      const presented = presentedRefreshToken(request, request.body?.refreshToken, deps.env);
      await endSession(deps, presented);
      clearSessionCookies(reply, deps.env);
      return { message: 'You have been logged out.' };
    },
  );

  app.post(
    '/users/password-reset-link',
    {
      config: { rateLimit: perIp(5, HOUR) },
      preHandler: mailPerEmail('password-reset'),
      schema: {
        tags,
        summary: 'Email a password reset link (same answer for every email)',
        body: emailRequest,
        response: { 200: messageResponse },
      },
    },
    async (request) => requestPasswordReset(deps, request.body.email, request.log),
  );

  app.patch(
    '/users/password',
    {
      config: { rateLimit: perIp(10, MINUTE) },
      schema: {
        tags,
        summary:
          'Set a new password with the emailed token, or signed in with the current password',
        body: passwordChangeRequest,
        response: { 200: passwordChangeResponse },
      },
    },
    async (request, reply) => {
      const { token, currentPassword, password } = request.body;
      if (token !== undefined) return resetPassword(deps, { token, password }, request.log);
      if (!request.user) throw unauthorized();
      const result = await changePassword(
        deps,
        request.user.id,
        { currentPassword: currentPassword ?? '', password },
        request.log,
      );
      setSessionCookies(reply, deps.env, result.session, now());
      return {
        message: result.message,
        token: result.session.token,
        refreshToken: result.session.refreshToken,
      };
    },
  );
};
