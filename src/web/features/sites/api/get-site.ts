import { data } from 'react-router';
import { sitesApi } from '../../../../shared/api/sites';
import type { PublicSite as Site } from '../../../../shared/contracts/sites';
import { MESSAGES } from '../../../../shared/messages';
import { serverApi } from '../../../lib/api';
import { ApiError, type ApiClient } from '../../../lib/api-client';
import { siteTheme } from '../site-theme';
import type { UserSiteData } from '../types';
import { parseUserSlug } from '../user-slug';

/**
 * GET /sites?username= (SPEC §7; the body is the site itself) through the server's API client
 * (`serverApi(context)` in loaders). null when the user has no public site (404/400: unknown, not
 * activated or suspended); other failures are a 500 'Error loading user' for the error page.
 */
export async function getSiteByUsername(client: ApiClient, username: string): Promise<Site | null> {
  let site: Site;
  try {
    site = await client.call(sitesApi.site, { query: { username } });
  } catch (err) {
    if (err instanceof ApiError && (err.status === 404 || err.status === 400)) return null;
    throw data(MESSAGES.errorLoadingUser, { status: 500 });
  }
  return site.name ? site : { ...site, name: username };
}

const notFound = () => data(MESSAGES.pageNotFound, { status: 404 });

// The branding is resolved here, on the server: the page gets checked values, not the rules.
const siteData = (site: Site, username: string, variant: 'default' | 'x'): UserSiteData => ({
  kind: 'site',
  site,
  username,
  variant,
  theme: siteTheme(site),
});

/** What the dispatch reads of a loader's context: the in-process API and the landing slugs. */
type SiteContext = { apiFetch: typeof fetch; config?: { landingProducts?: readonly string[] } };

async function resolve(
  context: SiteContext,
  slugParam: string | undefined,
  depth: number,
): Promise<UserSiteData> {
  const slug = parseUserSlug(slugParam);
  if (slug.kind === 'invalid') throw notFound();
  if (slug.kind === 'landing') {
    // Only the products the server is configured for (LANDING_PRODUCTS) have a landing page.
    if (depth > 1 || !context.config?.landingProducts?.includes(slug.product)) throw notFound();
    return { kind: 'landing', product: slug.product };
  }
  const client = serverApi(context);
  const site = await getSiteByUsername(client, slug.username);
  if (site) return siteData(site, slug.username, 'default');
  // `/{username}-x` is one page (the link-in-bio card): nothing lives below it.
  if (slug.alternative && depth === 1) {
    const base = await getSiteByUsername(client, slug.alternative);
    if (base) return siteData(base, slug.alternative, 'x');
  }
  throw notFound();
}

// One answer per page request: the layout's loader and its child's run side by side and both need
// the site (the child builds its meta with it); the request's load context is their common key.
const perRequest = new WeakMap<object, Map<string, Promise<UserSiteData>>>();

/**
 * What the first path segment of a `/:username/…` page is (see user-slug.ts): a landing page, or a
 * user's public site (`variant: 'x'` for `/{username}-x`); a 404 for anything else.
 */
export function loadUserSite(
  context: SiteContext,
  slugParam: string | undefined,
  pathname: string,
): Promise<UserSiteData> {
  const depth = pathname.split('/').filter(Boolean).length;
  const key = `${depth > 1 ? 'below' : 'top'}/${slugParam ?? ''}`;
  let answers = perRequest.get(context);
  if (!answers) perRequest.set(context, (answers = new Map()));
  let answer = answers.get(key);
  if (!answer) answers.set(key, (answer = resolve(context, slugParam, depth)));
  return answer;
}

/** The site of a `/:username/…` page for a child route's loader (the layout threw otherwise). */
export async function loadSiteOfPage(
  context: SiteContext,
  slugParam: string | undefined,
  pathname: string,
): Promise<Site> {
  const found = await loadUserSite(context, slugParam, pathname);
  if (found.kind !== 'site') throw notFound();
  return found.site;
}
