import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { plainNotFound } from './plain-not-found';
import { postPath } from '../../../shared/post-path';
import { requestDeps } from '../../composition/app-deps';
import {
  listSitemapPosts,
  sitemapPostPageStarts,
  type SitemapPostStart,
} from '../../modules/catalog';
import { BoundedCache, onContentChange, type ModuleDeps } from '../../modules/core';
import { listSitemapSites, sitemapSitePageStarts } from '../../modules/sites';
import {
  SITEMAP_MAX_URLS,
  STATIC_PAGES,
  robotsTxt,
  sitemapIndex,
  urlSet,
  type SitemapUrl,
} from './sitemap-xml';

export interface SeoRoutesOptions {
  /** URLs per sitemap document (tests use a handful; the protocol allows 50,000). */
  pageSize?: number;
}

/** How long a sitemap document is kept when nothing changes (a change drops them all at once). */
export const SITEMAP_CACHE_MS = 10 * 60_000;
/**
 * Where each page of sites and of posts starts: one pass over each table, shared by the index and
 * every document and kept for SITEMAP_CACHE_MS even across changes (a page is a range between two
 * starts, the first and last open-ended, so a new site or post is listed at once; a stale plan only
 * leaves some pages a little short or, for the last, cut at the page size until it is renewed).
 */
interface SitemapPlan {
  sites: string[];
  posts: SitemapPostStart[];
}

const XML = 'application/xml; charset=utf-8';
const NO_SUCH_SITEMAP = 'There is no such sitemap. The list of sitemaps is at /sitemap.xml.';

/** Page `n` (from 1) of a plan as a range: from its start (the first: open) to the next page's start (the last: open). */
function rangeOf<T>(starts: readonly T[], n: number): { from: T | null; to: T | null } | undefined {
  if (!Number.isInteger(n) || n < 1 || n > starts.length) return undefined;
  return { from: n === 1 ? null : starts[n - 1]!, to: starts[n] ?? null };
}


/**
 * GET /robots.txt, and the sitemap: GET /sitemap.xml (an index) lists /sitemaps/pages.xml (the
 * marketplace's public pages), /sitemaps/sites-{n}.xml (every public site) and
 * /sitemaps/posts-{n}.xml (every published post of a public seller), each at most `pageSize` URLs,
 * with absolute URLs on APP_URL and `<lastmod>` from the rows' `updatedAt`. Each document is one
 * keyset-paged query (the plan of page starts is one more, shared by all). Documents are kept in
 * memory for SITEMAP_CACHE_MS (bounded by size) and dropped on every content change; XML and text
 * are compressed by the app's compression plugin.
 */
export const seoRoutes: FastifyPluginAsync<SeoRoutesOptions> = async (app, options) => {
  const pageSize = Math.max(1, Math.min(SITEMAP_MAX_URLS, options.pageSize ?? SITEMAP_MAX_URLS));
  const origin = app.deps.env.APP_URL.replace(/\/+$/, '');
  const now = () => (app.deps.now ?? Date.now)();
  const plans = new BoundedCache<SitemapPlan>({
    maxEntries: 1,
    maxBytes: Infinity,
    sizeOf: () => 0,
    ttlMs: SITEMAP_CACHE_MS,
    now,
  });
  const documents = new BoundedCache<string>({
    maxEntries: 200,
    maxBytes: 48 * 1024 * 1024,
    sizeOf: (xml) => xml.length,
    ttlMs: SITEMAP_CACHE_MS,
    now,
  });
  const stop = onContentChange(app.deps.env, () => documents.clear());
  app.addHook('onClose', async () => void stop());

  const planOf = (deps: ModuleDeps) =>
    plans.get('plan', async () => {
      const [sites, posts] = await Promise.all([
        sitemapSitePageStarts(deps, pageSize),
        sitemapPostPageStarts(deps, pageSize),
      ]);
      return { sites, posts };
    });
  const url = (path: string, lastmod?: Date): SitemapUrl => ({ loc: `${origin}${path}`, lastmod });
  const segment = encodeURIComponent;

  function sendXml(reply: FastifyReply, xml: string) {
    return reply
      .header('cache-control', `public, max-age=${SITEMAP_CACHE_MS / 1000}`)
      .type(XML)
      .send(xml);
  }

  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) => {
    return reply
      .header('cache-control', 'public, max-age=3600')
      .type('text/plain; charset=utf-8')
      .send(robotsTxt(origin));
  });

  app.get('/sitemap.xml', { schema: { hide: true } }, async (request, reply) => {
    const deps = requestDeps(app.deps, request);
    const xml = await documents.get('index', async () => {
      const plan = await planOf(deps);
      return sitemapIndex([
        url('/sitemaps/pages.xml'),
        ...plan.sites.map((_, i) => url(`/sitemaps/sites-${i + 1}.xml`)),
        ...plan.posts.map((_, i) => url(`/sitemaps/posts-${i + 1}.xml`)),
      ]);
    });
    return sendXml(reply, xml);
  });

  app.get('/sitemaps/pages.xml', { schema: { hide: true } }, async (_request, reply) => {
    return sendXml(
      reply,
      await documents.get('pages', async () => urlSet(STATIC_PAGES.map((path) => url(path)))),
    );
  });

  app.get<{ Params: { n: string } }>(
    '/sitemaps/sites-:n(^\\d{1,9}).xml',
    { schema: { hide: true } },
    async (request, reply) => {
      const deps = requestDeps(app.deps, request);
      const n = Number(request.params.n);
      const range = rangeOf((await planOf(deps)).sites, n);
      if (!range) return plainNotFound(reply, NO_SUCH_SITEMAP);
      const xml = await documents.get(`sites-${n}`, async () => {
        const sites = await listSitemapSites(deps, range, pageSize);
        return urlSet(sites.map((s) => url(`/${segment(s.username)}`, s.updatedAt)));
      });
      return sendXml(reply, xml);
    },
  );

  app.get<{ Params: { n: string } }>(
    '/sitemaps/posts-:n(^\\d{1,9}).xml',
    { schema: { hide: true } },
    async (request, reply) => {
      const deps = requestDeps(app.deps, request);
      const n = Number(request.params.n);
      const range = rangeOf((await planOf(deps)).posts, n);
      if (!range) return plainNotFound(reply, NO_SUCH_SITEMAP);
      const xml = await documents.get(`posts-${n}`, async () => {
        const posts = await listSitemapPosts(deps, range, pageSize);
        return urlSet(
          posts.map((p) => url(postPath(p.username, p), p.updatedAt)),
        );
      });
      return sendXml(reply, xml);
    },
  );
};
