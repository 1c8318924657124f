import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isbot } from 'isbot';
import { moduleDeps } from '../../composition/app-deps';
import {
  createEventRecorder,
  type EventRecorder,
  type SeenClick,
  type SeenVisit,
} from '../../modules/insights';
import { ACCESS_COOKIE, REFRESH_COOKIE } from '../api/session';

// Which requests are counted in a seller's insights (docs/decisions/071), and the instance's
// event queue they go to. A page view is recorded after it was answered (a cache hit included)
// and only when it was a 200 page; what the request sent stays in memory until the next flush.

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's queue of page views and link clicks (flushed every second). */
    insightEvents: EventRecorder;
  }
  interface FastifyRequest {
    /** A seller's page seen by this request (its router path), recorded when the answer is a 200. */
    sellerPageSeen: string | null;
  }
}

/** A browser fetching ahead of a click (Speculation Rules, <link rel=prefetch>, Chrome's omnibox). */
export function isPrefetch(request: FastifyRequest): boolean {
  const h = request.headers;
  // Most page views carry none of these: no string is built for them.
  if (!h['sec-purpose'] && !h.purpose && !h['x-purpose'] && !h['x-moz']) return false;
  const purpose = `${h['sec-purpose'] ?? ''} ${h.purpose ?? ''} ${h['x-purpose'] ?? ''} ${h['x-moz'] ?? ''}`;
  return /\b(prefetch|prerender|preview)\b/i.test(purpose);
}

/**
 * isbot's answer by user agent, for the agents seen lately: its one large regular expression is
 * run once per agent rather than once per page view (a handful of agents make most of the views).
 */
const botAgents = new Map<string, boolean>();
const BOT_AGENTS_KEPT = 2_000;
function isBotAgent(agent: string): boolean {
  // Browsers' agents are a few hundred characters: a longer one is not kept (memory is bounded).
  if (agent.length > 512) return isbot(agent);
  let bot = botAgents.get(agent);
  if (bot === undefined) {
    if (botAgents.size >= BOT_AGENTS_KEPT) botAgents.clear();
    botAgents.set(agent, (bot = isbot(agent)));
  }
  return bot;
}

/** Not a person looking: crawlers and link-preview fetchers (isbot), nameless agents, prefetches, HEAD. */
export function notAPerson(request: FastifyRequest): boolean {
  const agent = request.headers['user-agent'] ?? '';
  return request.method !== 'GET' || !agent || isBotAgent(agent) || isPrefetch(request);
}

const header = (value: string | string[] | undefined) =>
  (Array.isArray(value) ? value[0] : value) ?? '';

const searchOf = (request: FastifyRequest) => {
  const queryAt = request.url.indexOf('?');
  return queryAt < 0 ? '' : request.url.slice(queryAt);
};
const nowOf = (request: FastifyRequest) => (request.server.deps.now ?? Date.now)();

// The two builders below write every field out in one object literal on purpose: spreading a
// shared "facts" object into them cost ~5 µs per page view in V8 (measured on a busy instance:
// a fifth of a cached page's whole cost), and a page view is every answered seller page.

/** What a seller's page request tells of the visit (never stored: the flush reads it once). */
export function seenVisit(request: FastifyRequest, path: string): SeenVisit {
  // A seller's domain carries no session of ours (docs/decisions/050): nobody to recognise.
  const cookies = request.onSellerDomain ? undefined : request.cookies;
  return {
    path,
    search: searchOf(request),
    host: header(request.headers.host),
    address: request.ip,
    userAgent: header(request.headers['user-agent']),
    referrer: header(request.headers.referer),
    accessToken: cookies?.[ACCESS_COOKIE],
    refreshToken: cookies?.[REFRESH_COOKIE],
    at: nowOf(request),
  };
}

/** What a link click's request tells, with the link the redirect resolved. */
export function seenClick(
  request: FastifyRequest,
  link: Pick<SeenClick, 'linkId' | 'ownerId' | 'postId'>,
): SeenClick {
  return {
    linkId: link.linkId,
    ownerId: link.ownerId,
    postId: link.postId,
    search: searchOf(request),
    host: header(request.headers.host),
    userAgent: header(request.headers['user-agent']),
    referrer: header(request.headers.referer),
    at: nowOf(request),
  };
}

export function installVisitRecording(app: FastifyInstance): void {
  const recorder = createEventRecorder(moduleDeps(app.deps, app.log));
  app.decorate('insightEvents', recorder);
  app.decorateRequest('sellerPageSeen', null);
  app.addHook('onClose', async () => recorder.close());
  app.addHook('onResponse', async (request, reply) => {
    const path = request.sellerPageSeen;
    if (!path || reply.statusCode !== 200 || notAPerson(request)) return;
    recorder.view(seenVisit(request, path));
  });
}
