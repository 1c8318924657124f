import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { requestDeps } from '../../composition/app-deps';
import { authenticateAccessToken, refreshTokenHolder } from '../../modules/accounts';
import { isDatabaseUnavailable } from '../../db/faults';
import { countLinkClick, findLinkDestination, type LinkDestination } from '../../modules/sites';
import { ACCESS_COOKIE, REFRESH_COOKIE } from '../api/session';
import { loggableError } from '../api/error-handler';
import { MINUTE, perIp } from '../api/v1/rate-limits';
import { plainNotFound } from './plain-not-found';
import { unavailablePage } from './unavailable-page';
import { notAPerson, seenClick } from './visit-recording';

/**
 * GET /l/{linkId}: every outbound link of a seller's page goes through here (docs/decisions/065).
 * A live link answers 302 to its URL (or to the owner's post or tag page) and counts one click;
 * anything else — a link turned off, not started, ended, deleted, unknown, malformed, another
 * seller's on a seller's domain — is a 404, so the route never sends anyone to an address it
 * was handed. Nothing is stored about the visitor and no cookie is set.
 */

const GONE = 'This link is not available: it may have been turned off, ended or removed.';

/**
 * While the database is away, a link this instance opened in the last half hour still opens
 * (uncounted): the seller's page keeps being served from the render cache then, links and all,
 * and a visitor tapping one should not meet an error. Bounded, oldest first out.
 */
const LAST_KNOWN_MS = 30 * 60_000;
const LAST_KNOWN_MAX = 5_000;

function lastKnownDestinations(now: () => number) {
  const known = new Map<string, { destination: LinkDestination; at: number }>();
  return {
    remember(id: string, destination: LinkDestination) {
      known.delete(id);
      known.set(id, { destination, at: now() });
      if (known.size > LAST_KNOWN_MAX) known.delete(known.keys().next().value!);
    },
    recall(id: string): LinkDestination | undefined {
      const entry = known.get(id);
      return entry && now() - entry.at < LAST_KNOWN_MS ? entry.destination : undefined;
    },
    forget: (id: string) => known.delete(id),
  };
}

export const linkRedirectRoutes: FastifyPluginAsync = async (app) => {
  const lastKnown = lastKnownDestinations(() => (app.deps.now ?? Date.now)());

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
      const id = request.params.linkId.toLowerCase();
      let host: Awaited<ReturnType<typeof app.pageHostOf>>;
      let link: LinkDestination | undefined;
      try {
        host = await app.pageHostOf(request);
        // On a seller's own domain only that seller's links open (their page links there).
        const onDomainOf = host.kind === 'site' ? host.site.userId : undefined;
        link = await findLinkDestination(deps, id, onDomainOf);
      } catch (err) {
        if (!isDatabaseUnavailable(err)) throw err;
        const known = lastKnown.recall(id);
        request.log.warn({ linkId: id, known: Boolean(known) }, 'link opened without the database');
        // Known: on its way, uncounted. Unknown: the short 503 page with Retry-After (never a guess).
        return known
          ? redirectTo(reply, known.location)
          : reply.send(unavailablePage(app.deps.env.BRAND_NAME));
      }
      if (!link) {
        lastKnown.forget(id);
        return plainNotFound(reply, GONE);
      }
      lastKnown.remember(id, link);
      // A seller's domain carries no session of ours (docs/decisions/050): nobody to recognise.
      const own =
        !notAPerson(request) &&
        host.kind !== 'site' &&
        (await sessionUserId(request)) === link.ownerId;
      if (!notAPerson(request) && !own) {
        // Insights (docs/decisions/071): queued, written behind the redirect.
        app.insightEvents.click(seenClick(request, link));
        try {
          await countLinkClick(deps, link);
        } catch (err) {
          // The visitor still goes on: a lost count (the link deleted this instant) is no error to them.
          request.log.warn({ err: loggableError(err) }, 'link click not counted');
        }
      }
      return redirectTo(reply, link.location);
    },
  );
};

const redirectTo = (reply: FastifyReply, location: string) =>
  reply.code(302).header('cache-control', 'no-store').header('location', location).send();
