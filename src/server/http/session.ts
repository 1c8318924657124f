import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Env } from '../config/env';
import { AppError } from '../../shared/errors';
import { loggableError } from './plugins/error-handler';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  authenticateAccessToken,
  rotateRefreshToken,
  type AuthenticatedUser,
  type SessionTokens,
} from '../modules/accounts';

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
    throw new AppError(403, 'CROSS_ORIGIN', 'This request must come from this site.');
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

/**
 * For registerWeb's `resolveAccessToken`: the page's access token, refreshed on the server when it
 * has expired (so a returning visitor gets their signed-in page, not a redirect), with the new
 * cookies set on the page response. Clears the cookies when the session is over.
 */
export function resolvePageSession(app: FastifyInstance) {
  const { deps } = app;
  return async (request: FastifyRequest, reply: FastifyReply): Promise<string | undefined> => {
    const token = request.cookies[ACCESS_COOKIE];
    if (token && (await authenticateAccessToken(deps, token))) return token;
    const refresh = request.cookies[REFRESH_COOKIE];
    if (!refresh) {
      if (token) clearSessionCookies(reply, deps.env);
      return undefined;
    }
    try {
      const session = await rotateRefreshToken(deps, refresh, request.log);
      setSessionCookies(reply, deps.env, session, deps.now?.() ?? Date.now());
      return session.token;
    } catch (err) {
      if (!(err instanceof AppError))
        request.log.error({ err: loggableError(err) }, 'page session refresh failed');
      clearSessionCookies(reply, deps.env);
      return undefined;
    }
  };
}

/** The signed-in user of a page request (no refresh), for server-side guards. */
export async function getPageUser(
  app: FastifyInstance,
  request: FastifyRequest,
): Promise<AuthenticatedUser | null> {
  const token = request.cookies[ACCESS_COOKIE];
  return token ? authenticateAccessToken(app.deps, token) : null;
}
