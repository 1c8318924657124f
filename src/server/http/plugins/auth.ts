import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Role } from '../../../shared/contracts/accounts';
import { forbidden, unauthorized } from '../../../shared/errors';
import { authenticateAccessToken, type AuthenticatedUser } from '../../modules/accounts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null. Set for every /api/v1 request by installAuth. */
    user: AuthenticatedUser | null;
  }
}

/**
 * The access token of an API call: `x-access-token` (SPEC §6) or `Authorization: Bearer`. Never
 * the cookie: requiring a header that a cross-site form cannot set is the API's CSRF defence.
 */
export function accessTokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers['x-access-token'];
  if (typeof header === 'string' && header) return header;
  const auth = request.headers.authorization;
  if (auth && /^bearer\s+/i.test(auth)) return auth.replace(/^bearer\s+/i, '').trim() || undefined;
  return undefined;
}

/**
 * Resolves `request.user` for every request in this scope. An invalid or expired token makes the
 * request anonymous rather than failing it: public calls still work, and protected ones answer 401
 * through requireUser (which the client answers by refreshing).
 */
export function installAuth(app: FastifyInstance) {
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    const token = accessTokenOf(request);
    request.user = token ? await authenticateAccessToken(app.deps, token) : null;
  });
}

/** preHandler: 401 'Please log in to do that.' when nobody is signed in. */
export async function requireUser(request: FastifyRequest): Promise<void> {
  if (!request.user) throw unauthorized();
}

/** preHandler: 401 when signed out, 403 when signed in without one of the roles. */
export function requireRole(...roles: Role[]) {
  return async (request: FastifyRequest): Promise<void> => {
    if (!request.user) throw unauthorized();
    if (!roles.includes(request.user.role)) throw forbidden();
  };
}

/** The signed-in user inside a handler guarded by requireUser/requireRole. */
export function currentUser(request: FastifyRequest): AuthenticatedUser {
  if (!request.user) throw unauthorized();
  return request.user;
}
