import type { MetaDescriptor } from 'react-router';
import type { WebPublicConfig } from './root-data';

/** The part of the root loader's data (root.tsx) that `meta` functions read. */
type RootConfig = Pick<WebPublicConfig, 'appUrl' | 'brandName'>;

const FALLBACK_BRAND = 'Storefront';

type MatchLike = { id: string; loaderData?: unknown } | undefined;

/** The brand name from the root route's loader data, as seen by a `meta` function. */
export function brandFromMatches(matches: readonly MatchLike[]): string {
  const root = matches.find((m) => m?.id === 'root')?.loaderData as
    { config?: Partial<RootConfig> } | undefined;
  return root?.config?.brandName || FALLBACK_BRAND;
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
  matches: readonly MatchLike[],
  title: string,
  description?: string,
): MetaDescriptor[] {
  const brand = brandFromMatches(matches);
  const text = description || defaultDescription(brand);
  const out: MetaDescriptor[] = [
    { title: title ? `${title} · ${brand}` : brand },
    { name: 'description', content: text },
    { property: 'og:description', content: text },
  ];
  out.push({ property: 'og:title', content: title || brand });
  return out;
}

/** `<link rel="canonical">` to `path` on the app's public URL (alternative landing pages). */
export function canonicalMeta(matches: readonly MatchLike[], path: string): MetaDescriptor {
  const root = matches.find((m) => m?.id === 'root')?.loaderData as
    { config?: Partial<RootConfig> } | undefined;
  const base = (root?.config?.appUrl ?? '').replace(/\/+$/, '');
  return { tagName: 'link', rel: 'canonical', href: `${base}${path}` };
}
