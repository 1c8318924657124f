import type { MetaDescriptor } from 'react-router';
import { SHARE_IMAGE_SIZE } from '../../shared/share-images';
import {
  absoluteUrl,
  brandFromMatches,
  canonicalMeta,
  canonicalUrl,
  defaultDescription,
  pageMeta,
  type MetaSource,
} from './meta';

/** A page as link previews and search engines see it (see shareMeta). */
export interface SharePage {
  /** The page's own title (the brand is appended to `<title>` only). */
  title: string;
  description?: string;
  /** The app's path of the page (`/{username}/…` for a site): canonical URL and og:url. */
  path: string;
  type?: 'website' | 'product' | 'article';
  /** The page's share image (a 1200×630 JPEG, src/shared/share-images.ts) and what it shows. */
  image?: { path: string; alt: string } | null;
  /** og:site_name: the seller's site on their pages, the brand elsewhere. */
  siteName?: string;
  /** Extra tags (product:price:amount…). */
  extra?: MetaDescriptor[];
  /** schema.org objects, each emitted as `<script type="application/ld+json">`. */
  jsonLd?: readonly object[];
  /** Pages that must stay out of search results (previews, a visitor's cart). */
  noindex?: boolean;
}

/**
 * A JSON-LD block through React Router's meta: rendered as `<script type="application/ld+json">`
 * with `<`, `>`, `&`, U+2028 and U+2029 escaped (no `</script>` can close it early). It is a data
 * block, never executed, so the CSP's nonce rule does not apply to it.
 */
export const jsonLdMeta = (value: object): MetaDescriptor => ({ 'script:ld+json': value });

/**
 * Everything a shared link and a search engine read: title, description, canonical URL, Open Graph
 * (og:type/title/description/url/image with its size/site_name), the Twitter card and JSON-LD.
 */
export function shareMeta(source: MetaSource, page: SharePage): MetaDescriptor[] {
  const brand = brandFromMatches(source);
  const description = page.description || defaultDescription(brand);
  const out = pageMeta(source, page.title, description);
  out.push(
    canonicalMeta(source, page.path),
    { property: 'og:type', content: page.type ?? 'website' },
    { property: 'og:url', content: canonicalUrl(source, page.path) },
    { property: 'og:site_name', content: page.siteName || brand },
    { name: 'twitter:card', content: page.image ? 'summary_large_image' : 'summary' },
    { name: 'twitter:title', content: page.title || brand },
    { name: 'twitter:description', content: description },
  );
  if (page.image) {
    const image = absoluteUrl(source, page.image.path);
    out.push(
      { property: 'og:image', content: image },
      { property: 'og:image:width', content: String(SHARE_IMAGE_SIZE.width) },
      { property: 'og:image:height', content: String(SHARE_IMAGE_SIZE.height) },
      { property: 'og:image:alt', content: page.image.alt },
      { name: 'twitter:image', content: image },
      { name: 'twitter:image:alt', content: page.image.alt },
    );
  }
  if (page.noindex) out.push({ name: 'robots', content: 'noindex' });
  out.push(...(page.extra ?? []), ...(page.jsonLd ?? []).map(jsonLdMeta));
  return out;
}
