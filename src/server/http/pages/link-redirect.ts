import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { isbot } from 'isbot';
import { requestDeps } from '../../composition/app-deps';
import { authenticateAccessToken, refreshTokenHolder } from '../../modules/accounts';
import { countLinkClick, findLinkDestination } from '../../modules/sites';
import { ACCESS_COOKIE, REFRESH_COOKIE } from '../api/session';
import { loggableError } from '../api/error-handler';
import { MINUTE, perIp } from '../api/v1/rate-limits';
import { plainNotFound } from './plain-not-found';

/**
 * GET /l/{linkId}: every outbound link of a seller's page goes through here (docs/decisions/065).
 * A live link answers 302 to its URL (or to the owner's post or tag page) and counts one click;
 * anything else — a link turned off, not started, ended, deleted, unknown, malformed, another
 * seller's on a seller's domain — is a 404, so the route never sends anyone to an address it
 * was handed. Nothing is stored about the visitor and no cookie is set.
 */

const GONE = 'This link is not available: it may have been turned off, ended or removed.';

/** A browser fetching ahead of a click (Speculation Rules, <link rel=prefetch>, Chrome's omnibox). */
function isPrefetch(request: FastifyRequest): boolean {
  const purpose = `${request.headers['sec-purpose'] ?? ''} ${request.headers.purpose ?? ''} ${request.headers['x-purpose'] ?? ''} ${request.headers['x-moz'] ?? ''}`;
  return /\b(prefetch|prerender|preview)\b/i.test(purpose);
}

/** Clicks not counted: crawlers and link-preview fetchers (isbot), agents without a name, prefetches, HEAD. */
function notAPerson(request: FastifyRequest): boolean {
  const agent = request.headers['user-agent'] ?? '';
  return request.method !== 'GET' || !agent || isbot(agent) || isPrefetch(request);
}

export const linkRedirectRoutes: FastifyPluginAsync = async (app) => {
  /** The member a request's session cookies name, read only (a refresh token is not spent). */
  async function sessionUserId(request: FastifyRequest): Promise<string | null> {
    const deps = requestDeps(app.deps, request);
    const token = request.cookies[ACCESS_COOKIE];
    const user = token ? await authenticateAccessToken(deps, token) : null;
    if (user) return user.id;
    const refresh = request.cookies[REFRESH_COOKIE];
    return refresh ? refreshTokenHolder(deps, refresh) : null;
  }

  app.get<{ Params: { linkId: string } }>(
    '/l/:linkId',
    // Public like the pages: generous for people, a wall for someone inflating a seller's counts.
    { schema: { hide: true }, config: { rateLimit: perIp(120, MINUTE) } },
    async (request, reply) => {
      const deps = requestDeps(app.deps, request);
      const host = await app.pageHostOf(request);
      // On a seller's own domain only that seller's links open (their page links there).
      const onDomainOf = host.kind === 'site' ? host.site.userId : undefined;
      const link = await findLinkDestination(deps, request.params.linkId, onDomainOf);
      if (!link) return plainNotFound(reply, GONE);
      // A seller's domain carries no session of ours (docs/decisions/050): nobody to recognise.
      const own = !notAPerson(request) && host.kind !== 'site' && (await sessionUserId(request)) === link.ownerId;
      if (!notAPerson(request) && !own) {
        try {
          await countLinkClick(deps, link);
        } catch (err) {
          // The visitor still goes on: a lost count (the link deleted this instant) is no error to them.
          request.log.warn({ err: loggableError(err) }, 'link click not counted');
        }
      }
      return reply
        .code(302)
        .header('cache-control', 'no-store')
        .header('location', link.location)
        .send();
    },
  );
};
