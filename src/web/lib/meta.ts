import type { MetaDescriptor } from 'react-router';
import type { RootData, WebPublicConfig } from './root-data';

// Kept small: the root route imports this module, so it is in the code every page loads. The
// share tags and JSON-LD are built by loaders (./share-meta): that code never reaches the browser.

/**
 * What the meta helpers read about the app: the root loader's data (root.tsx) as a `meta` function
 * sees it, or a loader's context (which carries the same fields) when a loader builds its page's
 * meta on the server.
 */
export type MetaRoot = {
  config?: Partial<Pick<WebPublicConfig, 'appUrl' | 'brandName' | 'currency'>>;
  siteDomain?: RootData['siteDomain'];
};

export type MatchLike = { id: string; loaderData?: unknown } | undefined;

/** A `meta` function's matches, or a loader's context / the root data itself. */
export type MetaSource = readonly MatchLike[] | MetaRoot;

const FALLBACK_BRAND = 'Storefront';

/** The root data of `source`: from the root route's match, or `source` itself. */
export function rootFromMatches(source: MetaSource): MetaRoot {
  if (!Array.isArray(source)) return source as MetaRoot;
  const matches = source as readonly MatchLike[];
  return (matches.find((m) => m?.id === 'root')?.loaderData as MetaRoot | undefined) ?? {};
}

/** The brand name from the root route's loader data, as seen by a `meta` function. */
export function brandFromMatches(source: MetaSource): string {
  return rootFromMatches(source).config?.brandName || FALLBACK_BRAND;
}

/** What a page says about itself when it has nothing more specific (search results, previews). */
export function defaultDescription(brand: string): string {
  return `${brand}: a personal page under your name where you post, sell and get paid.`;
}

/**
 * `<title>Page · Brand</title>` plus a description (the page's own, else the site's default: every
 * page has one), for route `meta` exports.
 */
export function pageMeta(
  source: MetaSource,
  title: string,
  description?: string,
): MetaDescriptor[] {
  const brand = brandFromMatches(source);
  const text = description || defaultDescription(brand);
  const out: MetaDescriptor[] = [
    { title: title ? `${title} · ${brand}` : brand },
    { name: 'description', content: text },
    { property: 'og:description', content: text },
  ];
  out.push({ property: 'og:title', content: title || brand });
  return out;
}

/** `/maya/123` → `/123` when `username` is `maya` (any case); null when `path` is not below it. */
function withoutUserPrefix(path: string, username: string): string | null {
  const prefix = `/${encodeURIComponent(username)}`.toLowerCase();
  const lower = path.toLowerCase();
  if (lower === prefix) return '/';
  if (lower.startsWith(`${prefix}/`) || lower.startsWith(`${prefix}?`))
    return path.slice(prefix.length).replace(/^(?=\?)/, '/');
  return null;
}

/**
 * The absolute canonical URL of the page at `path` (the app's path, `/{username}/…` for a site):
 * on the app's public URL (APP_URL); on a seller's verified custom domain (RootData.siteDomain)
 * their pages are `https://{host}` plus the path without the `/{username}` prefix.
 */
export function canonicalUrl(source: MetaSource, path: string): string {
  const root = rootFromMatches(source);
  const domain = root.siteDomain;
  if (domain) {
    const rest = withoutUserPrefix(path, domain.username);
    if (rest !== null) return `https://${domain.host}${rest}`;
  }
  return absoluteUrl(source, path);
}

/** A same-origin path made absolute on the app's public URL; absolute http(s) URLs pass as they are. */
export function absoluteUrl(source: MetaSource, pathOrUrl: string): string {
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
  const base = (rootFromMatches(source).config?.appUrl ?? '').replace(/\/+$/, '');
  return `${base}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`;
}

/** `<link rel="canonical">` for the page at `path` (see canonicalUrl). */
export function canonicalMeta(source: MetaSource, path: string): MetaDescriptor {
  return { tagName: 'link', rel: 'canonical', href: canonicalUrl(source, path) };
}
