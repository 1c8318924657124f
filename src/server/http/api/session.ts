import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Env } from '../../config/env';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  authenticateAccessToken,
  rotateRefreshToken,
  type AuthenticatedUser,
  type SessionTokens,
} from '../../modules/accounts';
import { forbidden, isDomainError } from '../../modules/core';
import { requestDeps } from '../../composition/app-deps';
import { loggableError } from './error-handler';

/** Cookie names of SPEC §3 ("Auth tokens: token and refreshToken kept in cookies"). */
export const ACCESS_COOKIE = 'token';
export const REFRESH_COOKIE = 'refreshToken';

const secure = (env: Pick<Env, 'APP_URL'>) => env.APP_URL.startsWith('https://');

interface CookieOptions {
  httpOnly: boolean;
  maxAge: number;
  expires?: Date;
}

/**
 * Writes a Set-Cookie header directly rather than through reply.setCookie: that one is flushed in
 * an onSend hook, which never runs for server-rendered pages (they hijack the reply).
 */
function appendCookie(
  reply: FastifyReply,
  env: Pick<Env, 'APP_URL'>,
  name: string,
  value: string,
  opts: CookieOptions,
) {
  const cookie = reply.server.serializeCookie(name, value, {
    path: '/',
    sameSite: 'lax',
    secure: secure(env),
    ...opts,
  });
  const existing = reply.getHeader('set-cookie');
  const list =
    existing === undefined ? [] : Array.isArray(existing) ? existing : [String(existing)];
  // One value per cookie name: a later write (clear after set) replaces the earlier one. Fastify
  // appends to an existing set-cookie header, so the old list must go first.
  reply.removeHeader('set-cookie');
  reply.header('set-cookie', [...list.filter((c) => !c.startsWith(`${name}=`)), cookie]);
}

/**
 * Sets both session cookies (docs/decisions/004). `token` is readable by the page script, which
 * sends it as x-access-token; `refreshToken` is HttpOnly. Both SameSite=Lax and path=/ so the
 * server renderer sees them on page navigations.
 */
export function setSessionCookies(
  reply: FastifyReply,
  env: Pick<Env, 'APP_URL'>,
  session: SessionTokens,
  nowMs: number,
) {
  appendCookie(reply, env, ACCESS_COOKIE, session.token, {
    httpOnly: false,
    maxAge: ACCESS_TOKEN_TTL_SECONDS,
  });
  appendCookie(reply, env, REFRESH_COOKIE, session.refreshToken, {
    httpOnly: true,
    maxAge: Math.max(0, Math.round((session.refreshExpiresAt.getTime() - nowMs) / 1000)),
  });
}

export function clearSessionCookies(reply: FastifyReply, env: Pick<Env, 'APP_URL'>) {
  const expired = { maxAge: 0, expires: new Date(0) };
  appendCookie(reply, env, ACCESS_COOKIE, '', { httpOnly: false, ...expired });
  appendCookie(reply, env, REFRESH_COOKIE, '', { httpOnly: true, ...expired });
}

/**
 * When the refresh token comes from the cookie, the browser may have been tricked into the
 * request by another site: an Origin header, when present, must be ours.
 */
export function assertSameOrigin(request: FastifyRequest, env: Pick<Env, 'APP_URL'>) {
  const origin = request.headers.origin;
  // The configured public origin, or the origin this very request was addressed to (a laptop
  // opened as 127.0.0.1 instead of localhost): another site can never make a browser send either.
  const own = [new URL(env.APP_URL).origin, `${request.protocol}://${request.host}`];
  if (origin !== undefined && !own.includes(origin)) {
    throw forbidden('This request must come from this site.', 'CROSS_ORIGIN');
  }
}

/**
 * The refresh token a call presents: from the body (API clients), else from the HttpOnly cookie —
 * and then only when the request comes from our own pages (POST /token and /logout alike).
 */
export function presentedRefreshToken(
  request: FastifyRequest,
  fromBody: string | undefined,
  env: Pick<Env, 'APP_URL'>,
): string | undefined {
  if (fromBody) return fromBody;
  assertSameOrigin(request, env);
  return request.cookies[REFRESH_COOKIE];
}

/** A page request's signed-in identity, and the access token it holds (for the browser's calls). */
export interface PageSession {
  token: string;
  user: AuthenticatedUser;
}

/**
 * The one session check of a server-rendered request (page or `.data`): the access-token cookie
 * verified once, or, when it has expired, the refresh cookie rotated on the server (a returning
 * visitor gets their signed-in page, not a redirect) with the new cookies set on the response.
 * Clears the cookies when the session is over. A visitor without cookies costs no database work.
 */
export function resolvePageSession(app: FastifyInstance) {
  const { deps } = app;
  return async (request: FastifyRequest, reply: FastifyReply): Promise<PageSession | null> => {
    const token = request.cookies[ACCESS_COOKIE];
    const refresh = request.cookies[REFRESH_COOKIE];
    if (!token && !refresh) return null;
    const module = requestDeps(deps, request);
    const user = token ? await authenticateAccessToken(module, token) : null;
    if (token && user) return { token, user };
    if (!refresh) {
      clearSessionCookies(reply, deps.env);
      return null;
    }
    try {
      const session = await rotateRefreshToken(module, refresh);
      setSessionCookies(reply, deps.env, session, module.now());
      return { token: session.token, user: session.user };
    } catch (err) {
      if (!isDomainError(err))
        request.log.error({ err: loggableError(err) }, 'page session refresh failed');
      clearSessionCookies(reply, deps.env);
      return null;
    }
  };
}
