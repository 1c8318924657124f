import { describe, expect, it } from 'vitest';
import { absoluteUrl, canonicalMeta, canonicalUrl } from './meta';
import { jsonLdMeta, shareMeta } from './share-meta';

const matches = (siteDomain: { host: string; username: string } | null = null) => [
  {
    id: 'root',
    loaderData: { config: { appUrl: 'https://app.example/', brandName: 'Shop' }, siteDomain },
  },
];

describe('canonicalUrl', () => {
  it('is the path on the public app URL', () => {
    expect(canonicalUrl(matches(), '/maya/123')).toBe('https://app.example/maya/123');
    expect(canonicalUrl(matches(), '/products/9')).toBe('https://app.example/products/9');
    expect(canonicalMeta(matches(), '/about')).toEqual({
      tagName: 'link',
      rel: 'canonical',
      href: 'https://app.example/about',
    });
  });

  it("is on the seller's domain, without the /{username} prefix, when the page is served there", () => {
    const onDomain = matches({ host: 'shop.maya.example', username: 'maya' });
    expect(canonicalUrl(onDomain, '/maya')).toBe('https://shop.maya.example/');
    expect(canonicalUrl(onDomain, '/Maya/123')).toBe('https://shop.maya.example/123');
    expect(canonicalUrl(onDomain, '/maya?page=2')).toBe('https://shop.maya.example/?page=2');
    expect(canonicalUrl(onDomain, '/maya/products/tags/mugs')).toBe(
      'https://shop.maya.example/products/tags/mugs',
    );
    // Not below the username (another seller, a look-alike name): the app's URL.
    expect(canonicalUrl(onDomain, '/mayan/1')).toBe('https://app.example/mayan/1');
    expect(canonicalUrl(onDomain, '/maya-x')).toBe('https://app.example/maya-x');
  });

  it('makes media paths absolute and leaves absolute URLs alone', () => {
    expect(absoluteUrl(matches(), '/media/a.webp')).toBe('https://app.example/media/a.webp');
    expect(absoluteUrl(matches(), 'https://cdn.example/a.webp')).toBe('https://cdn.example/a.webp');
  });
});

describe('shareMeta', () => {
  it('writes Open Graph, the Twitter card, canonical and JSON-LD', () => {
    const meta = shareMeta(matches(), {
      title: 'Mugs',
      description: 'Blue mugs.',
      path: '/maya/products',
      image: { path: '/share-images/site/maya.jpg?v=1', alt: 'Maya' },
      jsonLd: [{ '@type': 'Thing' }],
    });
    expect(meta).toEqual(
      expect.arrayContaining([
        { title: 'Mugs · Shop' },
        { name: 'description', content: 'Blue mugs.' },
        { property: 'og:title', content: 'Mugs' },
        { property: 'og:type', content: 'website' },
        { property: 'og:url', content: 'https://app.example/maya/products' },
        { property: 'og:site_name', content: 'Shop' },
        { property: 'og:image', content: 'https://app.example/share-images/site/maya.jpg?v=1' },
        { property: 'og:image:width', content: '1200' },
        { property: 'og:image:height', content: '630' },
        { name: 'twitter:card', content: 'summary_large_image' },
        { name: 'twitter:image', content: 'https://app.example/share-images/site/maya.jpg?v=1' },
        { tagName: 'link', rel: 'canonical', href: 'https://app.example/maya/products' },
        jsonLdMeta({ '@type': 'Thing' }),
      ]),
    );
    expect(meta).not.toContainEqual({ name: 'robots', content: 'noindex' });
  });

  it('says summary without an image and noindex when asked', () => {
    const meta = shareMeta(matches(), { title: 'Cart', path: '/maya/checkout', noindex: true });
    expect(meta).toContainEqual({ name: 'twitter:card', content: 'summary' });
    expect(meta).toContainEqual({ name: 'robots', content: 'noindex' });
    expect(meta.some((m) => 'property' in m && m.property === 'og:image')).toBe(false);
  });
});
