import { escapeXml } from '../../../shared/xml';

// The documents of the Sitemaps protocol (sitemaps.org) and robots.txt, as text.

/** The protocol's limit of URLs per sitemap document. */
export const SITEMAP_MAX_URLS = 50_000;

/** The marketplace's public pages that are always there (SPEC §2). */
export const STATIC_PAGES = [
  '/',
  '/all-posts',
  '/marketplace',
  '/pricing',
  '/about',
  '/contact',
  '/terms',
  '/privacy',
  '/how-we-count',
  '/careers',
  '/how-to-sell-used-pc-hardware-online',
] as const;

export interface SitemapUrl {
  /** An absolute URL. */
  loc: string;
  lastmod?: Date;
}

const entry = (tag: 'url' | 'sitemap', u: SitemapUrl) =>
  `<${tag}><loc>${escapeXml(u.loc)}</loc>${u.lastmod ? `<lastmod>${u.lastmod.toISOString()}</lastmod>` : ''}</${tag}>`;

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';

/** A `<urlset>` of pages. */
export function urlSet(urls: readonly SitemapUrl[]): string {
  return `${XML_DECLARATION}<urlset ${NS}>\n${urls.map((u) => `${entry('url', u)}\n`).join('')}</urlset>\n`;
}

/** A `<sitemapindex>` of sitemap documents. */
export function sitemapIndex(sitemaps: readonly SitemapUrl[]): string {
  return `${XML_DECLARATION}<sitemapindex ${NS}>\n${sitemaps.map((s) => `${entry('sitemap', s)}\n`).join('')}</sitemapindex>\n`;
}

/**
 * Pages only signed-in people use (editors, carts, messages, admin) or that hold nothing to index.
 * Each is matched as itself, below itself and with a query, not as a prefix: `/sales` must not
 * also keep crawlers from a seller named `sales-corner`.
 */
export const PRIVATE_PATHS = [
  '/edit-page',
  '/edit-profile',
  '/my-posts',
  '/add-edit-item',
  '/checkout',
  '/orders',
  '/sales',
  '/favorites',
  '/feed',
  '/following',
  '/comments',
  '/messages',
  '/message',
  '/admin-products',
  '/add-tags',
  '/logout',
  '/password-reset',
  '/reset-password',
  '/items/preview',
  '/users/activate-account',
  '/feedback/orders',
  '/thanks',
] as const;

/**
 * robots.txt: everything public may be crawled except the private pages, the API, each site's
 * checkout and each post's preview (`*` and `$` are understood by the major crawlers), and the
 * sitemap is announced.
 */
export function robotsTxt(appUrl: string): string {
  const lines = ['User-agent: *', 'Allow: /'];
  for (const path of PRIVATE_PATHS)
    lines.push(`Disallow: ${path}$`, `Disallow: ${path}/`, `Disallow: ${path}?`);
  // The admin's user list is private; /users/{id} is a member's public profile.
  lines.push('Disallow: /users$', 'Disallow: /users?');
  lines.push(
    'Disallow: /api/',
    // The counted link redirect: a crawler following it would only inflate the seller's counts.
    'Disallow: /l/',
    'Disallow: /*/checkout$',
    'Disallow: /*/checkout?',
    'Disallow: /*/preview$',
    'Disallow: /*/preview?',
  );
  lines.push('', `Sitemap: ${appUrl}/sitemap.xml`);
  return `${lines.join('\n')}\n`;
}
