import type { MetaDescriptor } from 'react-router';
import type { PublicSite } from '../../../shared/contracts/sites';
import { siteShareImagePath } from '../../../shared/share-images';
import { absoluteUrl, canonicalUrl, type MetaSource } from '../../lib/meta';
import { shareMeta } from '../../lib/share-meta';
import { ownerLink, sitePath } from './site-paths';

// Loaders build these on the server (`source` is their context) and the routes' `meta` returns
// them: none of this code is in the browser's bundle.

export interface SitePageMeta {
  /** The page's own title; the site's name is appended (`Products · Maya Chen Ceramics`). */
  title?: string;
  description?: string;
  /**
   * The page's location (its canonical URL: the path under the owner's username as they spell it,
   * plus `?page=` after the first page of a list), or the path below the site (`/products`).
   */
  location: { pathname: string; search: string } | string;
  /** The site's page itself: the owner as schema.org Person. */
  person?: boolean;
  noindex?: boolean;
}

/** What the site says about itself when a page has nothing more specific. */
export function siteDescription(site: PublicSite): string {
  return (
    site.description.trim() ||
    site.owner.bio.trim() ||
    `Posts, prices and checkout from ${site.name}.`
  );
}

/**
 * schema.org Person: the seller behind the site, with their own link and their social profiles
 * (the links shown as social icons, http(s) only) as `sameAs`.
 */
export function personJsonLd(source: MetaSource, site: PublicSite): Record<string, unknown> {
  const { owner } = site;
  const picture = owner.image?.fullsize ?? site.image?.fullsize;
  const link = ownerLink(owner.link);
  const profiles = site.links.flatMap((l) => (l.social && l.url && /^https?:/i.test(l.url) ? [l.url] : []));
  const sameAs = [...new Set([...(link ? [link.href] : []), ...profiles])];
  const name = owner.name || owner.username;
  return {
    '@context': 'https://schema.org',
    '@type': 'Person',
    name,
    ...(site.name !== name ? { alternateName: site.name } : {}),
    url: canonicalUrl(source, sitePath(owner.username)),
    image: absoluteUrl(source, picture ?? siteShareImagePath(site)),
    description: owner.bio.trim() || siteDescription(site),
    ...(sameAs.length ? { sameAs } : {}),
  };
}

/**
 * The meta of a page of a seller's site: title, description, canonical URL, Open Graph and Twitter
 * card with the site's share image, and on the site's page the owner's Person JSON-LD.
 */
export function siteMeta(
  source: MetaSource,
  site: PublicSite,
  page: SitePageMeta,
): MetaDescriptor[] {
  return shareMeta(source, {
    title: page.title ? `${page.title} · ${site.name}` : site.name,
    description: page.description || siteDescription(site),
    path: sitePagePath(site.owner.username, page.location),
    type: 'website',
    siteName: site.name,
    image: { path: siteShareImagePath(site), alt: `${site.name}: ${siteDescription(site)}` },
    noindex: page.noindex,
    jsonLd: page.person ? [personJsonLd(source, site)] : [],
  });
}

/**
 * The app path a site page is canonical at: below `/{owner's username}` (however the visitor spelt
 * it), with the page number of a list after its first page (not the sort order).
 */
export function sitePagePath(username: string, location: SitePageMeta['location']): string {
  if (typeof location === 'string') return `${sitePath(username)}${location}`;
  const rest = location.pathname.replace(/^\/[^/]*/, '');
  const page = Number(new URLSearchParams(location.search).get('page'));
  const query = Number.isSafeInteger(page) && page > 1 ? `?page=${page}` : '';
  return `${sitePath(username)}${rest}${query}`;
}
