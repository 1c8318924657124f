import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasCookieConsent } from '../../../web/lib/cookie-consent';
import { metricsOf, moduleDeps } from '../../composition/app-deps';
import type { Env } from '../../config/env';
import { onContentChange, silentLog } from '../../modules/core';
import { findPublicSiteByUsername } from '../../modules/sites';
import { hashedScriptsPolicy } from './csp';
import { bestCompressionQueue, preparePage } from './page-compression';
import {
  RENDER_CACHE_LIMITS,
  RenderCache,
  type CachedPage,
  type RenderCacheLimits,
} from './render-cache';
import { acceptedEncoding } from '../api/v1/shared-answer';
import { ACCESS_COOKIE, REFRESH_COOKIE } from '../api/session';
import type { PageHost } from './site-hosts';
import { isSharedPage } from './shared-pages';

/**
 * `hit` (from the cache), `miss` (rendered, and kept when it may be), `bypass` (never cached),
 * `revalidate` (from the cache, out of date — a soft change or past its TTL — while one
 * background render replaces it: docs/decisions/044) or `stale` (a copy too old for that, served
 * because the database is away: docs/decisions/038).
 */
export const RENDER_CACHE_HEADER = 'x-render-cache';

/**
 * The query parameters a seller's pages read (docs/decisions/053): list pages `page`, `sort`,
 * `tag`, `status` and `q` (features/catalog/list-query.ts), the feedback list `page`, a post's
 * comments `commentsPage` (features/comments/api/comments-api.ts). Every other parameter changes
 * nothing in the page — where a click came from (`utm_*`, `fbclid`: social apps add a fresh one to
 * every link) or a cache-buster (`?cb=123`) — so it is neither part of the cache key nor shown to
 * the render: else one visitor's click id would be written into pages served to others, and a
 * fresh number would render the page afresh on every request. A page that starts reading another
 * parameter must add it here. (The shared pages only: the personal ones under a site, visited
 * anonymously, keep every parameter but the tracking ones below — their flows may carry their own.)
 */
const SITE_PAGE_PARAMS: ReadonlySet<string> = new Set([
  'page',
  'sort',
  'tag',
  'status',
  'q',
  'commentsPage',
]);
/** Parameters that only say where a click came from: dropped from every cached page's query. */
const TRACKING_PARAM =
  /^(?:utm_\w+|fbclid|gclid|gbraid|wbraid|dclid|msclkid|igshid|igsh|ttclid|twclid|li_fat_id|mc_cid|mc_eid|_ga|_gl|yclid|srsltid)$/i;
/** Longer queries are rendered every time (no list page needs one). */
const MAX_QUERY_LENGTH = 512;

/** A seller's page visit that may be served from (or stored in) the cache. */
export interface CachePlan {
  key: string;
  /** The first path segment: whose page it is (`maya`, `maya-x`). */
  slug: string;
  /** The URL to render: the request's, its query as keptQuery keeps it. */
  url: string;
}

type SendRendered = (response: Response, body?: Buffer) => Promise<FastifyReply> | FastifyReply;
/**
 * Renders the page: for the visitor (`visit`), or behind the visitors (`background`: the visitor
 * is already answered, so the render is neither tied to their connection nor to their session).
 */
export type RenderPage = (mode: 'visit' | 'background') => Promise<Response>;

/** The render caches of the app instances of this process, by their `env` (as the change bus). */
const caches = new WeakMap<Env, RenderCache>();

/** The render cache of the app whose `env` this is (tests wait on its background work). */
export const renderCacheOf = (env: Env): RenderCache | undefined => caches.get(env);

/**
 * The query of a cached page as it is rendered and keyed, as it was written otherwise (order
 * kept): a shared page's with only the parameters the pages read, any other's without tracking.
 */
function keptQuery(query: string, shared: boolean): string {
  if (!query) return '';
  const kept = (name: string) => (shared ? SITE_PAGE_PARAMS.has(name) : !TRACKING_PARAM.test(name));
  return query
    .split('&')
    .filter((part) => part && kept(part.split('=', 1)[0]!))
    .join('&');
}

/** Whether the request carries a session (it may be expired: it is not checked here). */
const hasSession = (request: FastifyRequest) =>
  Boolean(request.cookies[ACCESS_COOKIE] || request.cookies[REFRESH_COOKIE]);

/** Sends a cached page, in the encoding the client takes best (brotli, gzip, or none). */
function sendCached(
  request: FastifyRequest,
  reply: FastifyReply,
  page: CachedPage,
  result: 'hit' | 'miss' | 'revalidate' | 'stale' = 'hit',
): FastifyReply {
  for (const [name, value] of page.headers) reply.header(name, value);
  reply.header('content-security-policy', page.csp);
  reply.header('vary', 'accept-encoding');
  reply.header(RENDER_CACHE_HEADER, result);
  const encoding = acceptedEncoding(request.headers['accept-encoding']);
  if (encoding) reply.header('content-encoding', encoding);
  return reply.send(encoding === 'br' ? page.br : encoding === 'gzip' ? page.gzip : page.html);
}

/** What may be repeated to other visitors: none of the session's or the body's own headers. */
const NOT_REPEATED = new Set([
  'set-cookie',
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'date',
  'vary',
]);

export interface PageCache {
  /**
   * Whether this page request may use the cache, and under which key; null when not (and then a
   * seller's page says `bypass`: signed-in visitors of a personal page, other methods, unknown
   * hosts, long queries). `staticSegments`: the app's own first path segments (shared-pages.ts).
   */
  plan(
    request: FastifyRequest,
    reply: FastifyReply,
    host: PageHost,
    url: string,
    staticSegments: ReadonlySet<string>,
  ): CachePlan | null;
  /**
   * Answers from the cache (an out-of-date page as well, while one background render replaces
   * it), or from a render of the same page already running, or renders (once for every visitor
   * waiting for it) and keeps the page if it is an anonymous 200 answer.
   */
  respond(
    request: FastifyRequest,
    reply: FastifyReply,
    plan: CachePlan,
    render: RenderPage,
    send: SendRendered,
  ): Promise<FastifyReply>;
  readonly store: RenderCache;
}

/** The render cache of one app instance, invalidated through the change bus. */
export function createPageCache(
  app: FastifyInstance,
  limits: Partial<RenderCacheLimits> = {},
): PageCache {
  const { deps } = app;
  const store = new RenderCache({ ...RENDER_CACHE_LIMITS, ...limits }, deps.now ?? Date.now);
  caches.set(deps.env, store);
  const compressBest = bestCompressionQueue();
  const stop = onContentChange(deps.env, (change) => store.changed(change));
  app.addHook('onClose', async () => void stop());
  const policy = (hashes: readonly string[]) => hashedScriptsPolicy(deps.env, hashes);
  const metrics = metricsOf(deps);

  /** The seller whose page `slug` is, as the user-site layout reads it: the exact name, then without `-x`. */
  async function ownerOf(slug: string): Promise<string | null> {
    const names = [slug.toLowerCase()];
    if (names[0]!.endsWith('-x')) names.push(names[0]!.slice(0, -2));
    for (const name of names) {
      const known = store.ownerIdOf(name);
      if (known) return known;
      const site = await findPublicSiteByUsername(moduleDeps(deps, silentLog), name);
      if (site) {
        store.rememberOwner(name, site.owner._id);
        return site.owner._id;
      }
    }
    return null;
  }

  /**
   * Keeps a rendered page, compressed at the fast level so the visitors waiting for it are
   * answered at once; the best level follows behind them and is swapped in when smaller.
   */
  async function keep(plan: CachePlan, html: Buffer, response: Response, startedAt: number) {
    const ownerId = await ownerOf(plan.slug);
    // A 200 page under `/:username` with no public site behind it (a landing page): not kept.
    if (!ownerId) return null;
    const headers = [...response.headers].filter(([name]) => !NOT_REPEATED.has(name));
    const page = await preparePage(html, headers, policy);
    if (!store.store(plan.key, ownerId, page, startedAt)) return null;
    store.behind(
      compressBest(html).then((better) => better && store.recompressed(plan.key, page, better)),
    );
    return page;
  }

  /** Whether a rendered answer may be kept: an anonymous 200 HTML page that sets no cookie. */
  const movedOrGone = (status: number) =>
    (status >= 300 && status < 400) || status === 404 || status === 410;

  const keepable = (response: Response) =>
    response.status === 200 &&
    response.body !== null &&
    !response.headers.has('set-cookie') &&
    (response.headers.get('content-type') ?? '').startsWith('text/html');

  /** The one render replacing an out-of-date page, behind its visitors (they got the old one). */
  function refreshBehind(
    request: FastifyRequest,
    plan: CachePlan,
    render: RenderPage,
    settle: (page: CachedPage | null) => void,
  ) {
    const startedAt = store.tick;
    const refreshed = (async () => {
      const response = await render('background');
      // Not a page to keep (the database is away: the 503 page): the old one stays, out of
      // date, and the next attempt waits for the floor. But an address that now redirects or
      // names nothing (a post renamed, its slug moved on; a post deleted) loses its old copy.
      if (!keepable(response)) {
        await response.body?.cancel();
        if (movedOrGone(response.status)) store.drop(plan.key);
        return null;
      }
      return keep(plan, Buffer.from(await response.arrayBuffer()), response, startedAt);
    })();
    const done = refreshed.then(settle, (err: unknown) => {
      request.log.warn({ err }, 'render cache: could not refresh a page');
      settle(null);
    });
    store.behind(done);
  }

  return {
    store,
    plan(request, reply, host, url, staticSegments) {
      const queryAt = url.indexOf('?');
      const path = queryAt < 0 ? url : url.slice(0, queryAt);
      const slug = path.split('/', 2)[1] ?? '';
      // `_…` is no username: React Router's own paths (`/__manifest`, `/_root.data`).
      if (
        !slug ||
        slug.startsWith('_') ||
        path.endsWith('.data') ||
        staticSegments.has(slug.toLowerCase())
      )
        return null;
      // A shared page is rendered without the session for members too (shared-pages.ts): their
      // cookies change nothing in it. Elsewhere (a seller's checkout) a session means personal.
      const shared = isSharedPage(path, staticSegments);
      const query = queryAt < 0 ? '' : keptQuery(url.slice(queryAt + 1), shared);
      const anonymous = shared || !hasSession(request);
      const method = request.method;
      if (
        !anonymous ||
        host.kind === 'other' ||
        (method !== 'GET' && method !== 'HEAD') ||
        query.length > MAX_QUERY_LENGTH
      ) {
        reply.header(RENDER_CACHE_HEADER, 'bypass');
        metrics.renderCache('bypass');
        return null;
      }
      const target = query ? `${path}?${query}` : path;
      // The HTML depends on the host (a seller's domain: canonical URLs, links), the path and
      // query, and the cookie notice (root.tsx); nothing else an anonymous visitor sends.
      const hostKey = host.kind === 'site' ? host.site.host : '';
      const consent = hasCookieConsent(request.headers.cookie) ? 'consent' : 'notice';
      return { key: `${hostKey} ${consent} ${target}`, slug, url: target };
    },

    async respond(request, reply, plan, render, send) {
      const cached = store.read(plan.key);
      if (cached?.outdated) {
        // Members are the ones whose likes and follows outdate a page: one who reloads right after
        // a click must not see their own like missing from the count, so a member skips the floor
        // and waits for the one render (visitors get the old page at once, as before).
        const member = hasSession(request);
        // Claimed without yielding: of the visits finding it out of date, one starts the render.
        const settle = store.refresh(plan.key, member);
        if (settle) refreshBehind(request, plan, render, settle);
        const fresh = member ? await store.running(plan.key) : null;
        if (fresh) {
          metrics.renderCache('miss');
          return sendCached(request, reply, fresh, 'miss');
        }
        metrics.renderCache('revalidate');
        return sendCached(request, reply, cached.page, 'revalidate');
      }
      // Checked without yielding first: two visits must not both find nothing running and render.
      const running = cached ? undefined : store.running(plan.key);
      const page = cached?.page ?? (running ? await running : null);
      if (page) {
        metrics.renderCache('hit');
        return sendCached(request, reply, page);
      }
      reply.header(RENDER_CACHE_HEADER, 'miss');
      metrics.renderCache('miss');
      // A HEAD render has no body to keep.
      if (request.method !== 'GET') return send(await render('visit'));
      const startedAt = store.tick;
      const settle = store.begin(plan.key);
      let handedOver = false;
      try {
        const response = await render('visit');
        // The database is away (the render gave the 503 page): a copy past its TTL beats it.
        const stale = response.status === 503 ? store.stale(plan.key) : undefined;
        if (stale) {
          await response.body?.cancel();
          metrics.renderCache('stale');
          return sendCached(request, reply, stale, 'stale');
        }
        if (!keepable(response) || reply.hasHeader('set-cookie')) return await send(response);
        const html = Buffer.from(await response.arrayBuffer());
        handedOver = true;
        keep(plan, html, response, startedAt).then(settle, (err: unknown) => {
          request.log.warn({ err }, 'render cache: could not keep a page');
          settle(null);
        });
        return await send(response, html);
      } finally {
        if (!handedOver) settle(null);
      }
    },
  };
}
