import type { FastifyInstance, FastifyRequest } from 'fastify';
import { parsePostSegment } from '../../../shared/post-path';
import { normalizeDomainName } from '../../../shared/contracts/site-rules';
import { moduleDeps } from '../../composition/app-deps';
import { onContentChange, silentLog } from '../../modules/core';
import { findSiteByDomain } from '../../modules/sites';

/**
 * Custom domains (docs/decisions/017): a page request addressed to a seller's verified domain shows
 * that seller's site. The server hands React Router the `/{username}…` path of the page (the
 * route tree stays one tree) and tells the render which domain it is on (load context
 * `siteDomain`: canonical URLs, the client's hydration).
 */
export interface SiteHost {
  /** The domain as the request named it: lower case, without port. */
  host: string;
  username: string;
  userId: string;
}

/** What a page request's Host is: this app's own, a seller's verified domain, or anything else. */
export type PageHost = { kind: 'app' } | { kind: 'site'; site: SiteHost } | { kind: 'other' };

const APP: PageHost = { kind: 'app' };
const OTHER: PageHost = { kind: 'other' };

/** How long a domain's answer (a site, or none) is trusted without a change to the sites. */
const LOOKUP_TTL_MS = 60_000;
const MAX_HOSTS = 1_000;
/** After a failed look-up, how long the last answer serves before the database is asked again. */
const RETRY_LOOKUP_MS = 5_000;

/**
 * The Host resolver of one app instance. Look-ups are remembered briefly (also "no such site", so a
 * stranger's domain pointed here costs one query a minute) and forgotten on every site or account
 * change, so a newly verified, removed or suspended domain shows at once.
 */
export function siteHosts(app: FastifyInstance): (request: FastifyRequest) => Promise<PageHost> {
  const { deps } = app;
  const own = new URL(deps.env.APP_URL).hostname.toLowerCase();
  const now = deps.now ?? Date.now;
  const known = new Map<string, { site: SiteHost | null; expires: number }>();
  // Bumped by every change: a look-up that started before one must not be remembered.
  let generation = 0;
  const stop = onContentChange(deps.env, (change) => {
    if (change.kind === 'catalog') return;
    generation += 1;
    known.clear();
  });
  app.addHook('onClose', async () => void stop());

  return async (request) => {
    const host = request.hostname.toLowerCase();
    if (host === own) return APP;
    // Only a well-formed, normalised domain can be a site's (no IPs, no localhost): anything else
    // costs no query.
    const normalised = normalizeDomainName(host);
    if ('error' in normalised || normalised.domain !== host) return OTHER;
    let entry = known.get(host);
    if (!entry || entry.expires <= now()) {
      const started = generation;
      let site: Awaited<ReturnType<typeof findSiteByDomain>>;
      try {
        site = await findSiteByDomain(moduleDeps(deps, silentLog), host);
      } catch (err) {
        // The database is away: the last answer for this domain, however old, still names the
        // seller whose cached pages may be served (ssr.ts), and is trusted a little longer so
        // the next visits do not each wait for the database again. Never seen: nothing to go by.
        if (!entry) throw err;
        entry.expires = now() + RETRY_LOOKUP_MS;
        return entry.site ? { kind: 'site', site: entry.site } : OTHER;
      }
      entry = {
        site: site ? { host, username: site.owner.username, userId: site.owner._id } : null,
        expires: now() + LOOKUP_TTL_MS,
      };
      if (started === generation) {
        known.delete(host);
        known.set(host, entry);
        if (known.size > MAX_HOSTS) known.delete(known.keys().next().value!);
      }
    }
    return entry.site ? { kind: 'site', site: entry.site } : OTHER;
  };
}

/**
 * Whether `path` (no query) on a seller's domain is one of their site's pages: `/` (the site's
 * home), `/{slug}-{shortId}` (and a post's old `/{uuid}`) with or without `/preview`, `/products…` (their posts, tags and feedback) and
 * `/checkout`. Everything else — `/{username}/…`, log in, the marketplace — is what it is on the
 * main host, as are React Router's data requests (`….data`), which the client makes for the
 * router's own `/{username}…` locations.
 */
function isSitePagePath(path: string): boolean {
  if (path === '/' || path === '') return true;
  if (path.endsWith('.data')) return false;
  const [first = '', second, ...rest] = path.slice(1).split('/');
  if (first === 'products') return true;
  if (first === 'checkout') return !second && rest.length === 0;
  if (!parsePostSegment(first)) return false;
  return (
    !second ||
    (second === 'preview' && (rest.length === 0 || (rest.length === 1 && rest[0] === '')))
  );
}

/** The URL (path and query) React Router renders for `url` requested on `username`'s domain. */
export function sitePathOnDomain(url: string, username: string): string {
  const queryAt = url.indexOf('?');
  const path = queryAt < 0 ? url : url.slice(0, queryAt);
  if (!isSitePagePath(path)) return url;
  const rest = path === '/' ? '' : path;
  return `/${encodeURIComponent(username)}${rest}${queryAt < 0 ? '' : url.slice(queryAt)}`;
}

/**
 * A redirect rendered for a page on `username`'s domain, as the visitor's address bar should show
 * it: React Router answered for `/{username}/…` (a post's old address → its current one), which on
 * the domain is `/…`. Data requests keep the router's own paths; other answers pass unchanged.
 */
export function redirectOnDomain(response: Response, url: string, username: string): Response {
  const location = response.headers.get('location');
  if (response.status < 300 || response.status >= 400 || !location) return response;
  if (url.split('?', 1)[0]!.endsWith('.data')) return response;
  const prefix = `/${encodeURIComponent(username)}`.toLowerCase();
  const lower = location.toLowerCase();
  if (!lower.startsWith(`${prefix}/`) && !lower.startsWith(`${prefix}?`) && lower !== prefix)
    return response;
  const headers = new Headers(response.headers);
  headers.set('location', `/${location.slice(prefix.length).replace(/^[/]/, '')}`);
  return new Response(null, { status: response.status, headers });
}

/** React Router's own request for the routes of a path (lazy route discovery): public metadata. */
const MANIFEST_PATH = '/__manifest';
/** A post's preview shows a draft to its seller: an account page, never on the seller's domain. */
const PREVIEW = /^\/[^/]+\/[^/]+\/preview\/?$/;

/**
 * Where a request on `username`'s domain must go instead (docs/decisions/050), or null when the
 * domain serves it: the seller's own pages — `/`, their posts, `/products…`, `/checkout` (their
 * cart), `/{username}…` and `/{username}-x` — and React Router's data requests for those. Anything
 * else (log in, account pages, the marketplace, other sellers, a post's preview) is answered with
 * the same path on the marketplace: `path` (no `.data`) and `query` (React Router's `_routes`
 * left out) for the caller to put after APP_URL's origin.
 */
export function offSitePath(url: string, username: string): { path: string; data: boolean } | null {
  const queryAt = url.indexOf('?');
  const path = queryAt < 0 ? url : url.slice(0, queryAt);
  if (path === MANIFEST_PATH) return null;
  const data = path.endsWith('.data');
  const page = data ? path.slice(0, -'.data'.length) || '/' : path;
  // A document request names the domain's paths; a data request the router's own.
  const routerUrl = data ? url.slice(0, path.length - '.data'.length) : sitePathOnDomain(url, username);
  const routerPath = routerUrl.split('?', 1)[0] || '/';
  let first = '';
  try {
    first = decodeURIComponent(routerPath.split('/', 2)[1] ?? '').toLowerCase();
  } catch {
    // Not a name at all: the marketplace says what it is.
  }
  const own = username.toLowerCase();
  const onSite = first === own || (first === `${own}-x` && routerPath.split('/').length === 2);
  if (onSite && !PREVIEW.test(routerPath)) return null;
  if (!data) return { path: routerUrl, data };
  const query = new URLSearchParams(queryAt < 0 ? '' : url.slice(queryAt + 1));
  query.delete('_routes');
  const search = query.size ? `?${query.toString()}` : '';
  return { path: `${page === '/_root' ? '/' : page}${search}`, data };
}
