import type { MetaDescriptor } from 'react-router';
import type { Product } from '../../../../shared/contracts/catalog';
import { truncate } from '../../../../shared/format';
import { postShareImagePath } from '../../../../shared/share-images';
import {
  absoluteUrl,
  canonicalUrl,
  pageMeta,
  rootFromMatches,
  type MetaSource,
} from '../../../lib/meta';
import { shareMeta } from '../../../lib/share-meta';

// Built by the post pages' loaders (`source` is their context), returned by their `meta`: none of
// this code is in the browser's bundle.

export interface PostMetaOptions {
  /** The app's path of the page showing the post (its canonical URL). */
  path: string;
  /** Appended to the title (` · {site name}` on a seller's site). */
  suffix?: string;
  /** og:site_name: the seller's site on their pages (the brand by default). */
  siteName?: string;
  /** Keep the page out of search results even when the post is published (previews). */
  noindex?: boolean;
}

const SCHEMA = 'https://schema.org';

/** The post's text for previews: its description (one line, 155 characters) or a sentence. */
export function postDescription(product: Product): string {
  const seller = product.user.name || product.user.username;
  const text = product.description.replace(/\s+/g, ' ').trim();
  return text ? truncate(text, 155) : `${product.title} from ${seller}.`;
}

/** schema.org Product with one Offer: price, currency, availability, URL and seller. */
export function productJsonLd(
  source: MetaSource,
  product: Product,
  path: string,
): Record<string, unknown> {
  const url = canonicalUrl(source, path);
  const currency = rootFromMatches(source).config?.currency ?? 'USD';
  const images = product.medias
    .filter((m) => m.type === 'image')
    .map((m) => absoluteUrl(source, m.fullsize));
  const seller = product.user;
  return {
    '@context': SCHEMA,
    '@type': 'Product',
    name: product.title,
    description: postDescription(product),
    sku: product._id,
    url,
    image: images.length > 0 ? images : [absoluteUrl(source, postShareImagePath(product))],
    ...(product._tags.length > 0 ? { keywords: product._tags.join(', ') } : {}),
    offers: {
      '@type': 'Offer',
      url,
      price: product.price.toFixed(2),
      priceCurrency: currency,
      availability: `${SCHEMA}/${product.soldOut ? 'SoldOut' : 'InStock'}`,
      itemCondition: `${SCHEMA}/NewCondition`,
      seller: {
        '@type': 'Person',
        name: seller.name || seller.username,
        url: canonicalUrl(source, `/${encodeURIComponent(seller.username)}`),
      },
    },
  };
}

/**
 * A post page's meta: title, description, canonical URL, Open Graph (og:type product with its
 * price) and Twitter card with the post's share image, and Product JSON-LD. Posts that are not
 * published (their owner's view of a draft) stay out of search results.
 */
export function postMeta(
  source: MetaSource,
  product: Product | undefined,
  { path, suffix = '', siteName, noindex = false }: PostMetaOptions,
): MetaDescriptor[] {
  if (!product) return pageMeta(source, `Post${suffix}`);
  const currency = rootFromMatches(source).config?.currency ?? 'USD';
  const image = product.medias.find((m) => m.type === 'image');
  return shareMeta(source, {
    title: `${product.title}${suffix}`,
    description: postDescription(product),
    path,
    type: 'product',
    siteName,
    image: { path: postShareImagePath(product), alt: image?.alt || product.title },
    noindex: noindex || product.status !== 'published',
    extra: [
      { property: 'product:price:amount', content: product.price.toFixed(2) },
      { property: 'product:price:currency', content: currency },
      {
        property: 'product:availability',
        content: product.soldOut ? 'out of stock' : 'in stock',
      },
    ],
    jsonLd: [productJsonLd(source, product, path)],
  });
}
