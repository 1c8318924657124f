import type { MetaDescriptor } from 'react-router';
import { absoluteUrl, brandFromMatches, canonicalUrl, type MetaSource } from '../../lib/meta';
import { shareMeta } from '../../lib/share-meta';
import { GUIDE, GUIDE_SECTIONS } from './content/hardware-guide';

/**
 * The guide's meta, built by its loader (none of this reaches the browser): title, description,
 * canonical URL, Open Graph as an article, and JSON-LD — an `Article` (headline, author, publisher,
 * dates), a `HowTo` with one step per section (each pointing at its anchor) and the breadcrumbs.
 */
export function guideMeta(source: MetaSource): MetaDescriptor[] {
  const brand = brandFromMatches(source);
  const url = canonicalUrl(source, GUIDE.path);
  const publisher = { '@type': 'Organization', name: brand, url: absoluteUrl(source, '/') };
  return shareMeta(source, {
    title: GUIDE.headline,
    description: GUIDE.description,
    path: GUIDE.path,
    type: 'article',
    extra: [
      { property: 'article:published_time', content: GUIDE.datePublished },
      { property: 'article:modified_time', content: GUIDE.dateModified },
    ],
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'Article',
        headline: GUIDE.headline,
        description: GUIDE.description,
        datePublished: GUIDE.datePublished,
        dateModified: GUIDE.dateModified,
        author: {
          '@type': 'Organization',
          name: `The ${brand} team`,
          url: absoluteUrl(source, '/about'),
        },
        publisher,
        mainEntityOfPage: { '@type': 'WebPage', '@id': url },
        url,
        inLanguage: 'en',
        articleSection: 'Selling guides',
      },
      {
        '@context': 'https://schema.org',
        '@type': 'HowTo',
        name: GUIDE.headline,
        description: GUIDE.description,
        step: GUIDE_SECTIONS.map((s, i) => ({
          '@type': 'HowToStep',
          position: i + 1,
          name: s.title,
          text: s.summary,
          url: `${url}#${s.id}`,
        })),
      },
      {
        '@context': 'https://schema.org',
        '@type': 'BreadcrumbList',
        itemListElement: [
          { '@type': 'ListItem', position: 1, name: brand, item: absoluteUrl(source, '/') },
          { '@type': 'ListItem', position: 2, name: GUIDE.headline, item: url },
        ],
      },
    ],
  });
}
