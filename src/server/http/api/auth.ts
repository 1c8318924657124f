import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authenticateAccessToken, type AuthenticatedUser } from '../../modules/accounts';
import { unauthorized } from '../../modules/core';
import { requestDeps } from '../../composition/app-deps';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null. Set for every /api/v1 request by installAuth. */
    user: AuthenticatedUser | null;
  }
  interface FastifyInstance {
    pageIdentities: PageIdentities;
  }
}

/** Header carrying a page render's identity ticket on its in-process API calls. */
export const PAGE_IDENTITY_HEADER = 'x-page-identity';

/**
 * Identities of server renders in progress. A page request checks its session once
 * (session.ts resolvePageSession) and its loaders' in-process API calls carry a ticket naming that
 * identity instead of the token, so the API does not verify the token and read the user again for
 * every call. A ticket is 192 random bits, lives only while its render runs and exists only in
 * this process's memory: a request from outside cannot name one.
 */
export class PageIdentities {
  readonly #live = new Map<string, AuthenticatedUser>();

  issue(user: AuthenticatedUser): string {
    const ticket = randomBytes(24).toString('base64url');
    this.#live.set(ticket, user);
    return ticket;
  }

  resolve(ticket: string): AuthenticatedUser | undefined {
    return this.#live.get(ticket);
  }

  revoke(ticket: string): void {
    this.#live.delete(ticket);
  }

  get size(): number {
    return this.#live.size;
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
 * Resolves `request.user` for every request in this scope: from a live page ticket, else from the
 * access token. An invalid or expired token makes the request anonymous rather than failing it:
 * public calls still work, and protected ones answer 401 through their access rule (which the
 * client answers by refreshing).
 */
export function installAuth(app: FastifyInstance) {
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    const ticket = request.headers[PAGE_IDENTITY_HEADER];
    const identity = typeof ticket === 'string' ? app.pageIdentities.resolve(ticket) : undefined;
    if (identity) {
      request.user = identity;
      return;
    }
    const token = accessTokenOf(request);
    request.user = token
      ? await authenticateAccessToken(requestDeps(app.deps, request), token)
      : null;
  });
}

/** The signed-in user inside a handler whose access rule requires one. */
export function currentUser(request: FastifyRequest): AuthenticatedUser {
  if (!request.user) throw unauthorized();
  return request.user;
}
