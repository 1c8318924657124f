import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isbot } from 'isbot';
import { moduleDeps } from '../../composition/app-deps';
import { createEventRecorder, type EventRecorder } from '../../modules/insights';
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
  const purpose = `${request.headers['sec-purpose'] ?? ''} ${request.headers.purpose ?? ''} ${request.headers['x-purpose'] ?? ''} ${request.headers['x-moz'] ?? ''}`;
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

const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? '';

/** What a request tells about where it came from (never stored: the flush reads it once). */
export function visitFacts(request: FastifyRequest) {
  const queryAt = request.url.indexOf('?');
  return {
    search: queryAt < 0 ? '' : request.url.slice(queryAt),
    host: header(request.headers.host),
    userAgent: header(request.headers['user-agent']),
    referrer: header(request.headers.referer),
    at: (request.server.deps.now ?? Date.now)(),
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
    recorder.view({
      ...visitFacts(request),
      path,
      address: request.ip,
      // A seller's domain carries no session of ours (docs/decisions/050): nobody to recognise.
      accessToken: request.onSellerDomain ? undefined : request.cookies[ACCESS_COOKIE],
      refreshToken: request.onSellerDomain ? undefined : request.cookies[REFRESH_COOKIE],
    });
  });
}
