import { describe, expect, it } from 'vitest';
import type { PublicSite } from '../../../shared/contracts/sites';
import { personJsonLd, siteMeta, sitePagePath } from './site-meta';

const site: PublicSite = {
  _id: 's1',
  name: 'Maya Chen Ceramics',
  domainName: null,
  description: 'Small-batch stoneware.',
  image: null,
  headerBackgroundColor: '#7c2d12',
  headerTextColor: '#fff7ed',
  footerBackgroundColor: '#431407',
  footerTextColor: '#ffedd5',
  headerBranding: 'name',
  backgroundColor: '#fff7ed',
  textColor: '#1c1917',
  buttonBackgroundColor: '#c2410c',
  buttonTextColor: '#ffffff',
  fontFamily: 'Lora',
  fontScale: 1,
  timeZone: 'UTC',
  links: [],
  username: 'maya',
  updatedAt: '2025-01-02T03:04:05.000Z',
  owner: {
    _id: 'u1',
    username: 'maya',
    name: 'Maya Chen',
    bio: 'Handmade ceramics.',
    link: 'https://example.com/maya',
    image: { thumbnail: '/media/a-t.webp', fullsize: '/media/a.webp' },
    likesCount: 3,
    postsCount: 35,
    followersCount: 12,
    followingCount: 4,
  },
};

const matches = (siteDomain: { host: string; username: string } | null = null) => [
  {
    id: 'root',
    loaderData: {
      config: { appUrl: 'https://app.example', brandName: 'Storefront', currency: 'EUR' },
      siteDomain,
    },
  },
];

const tag = (meta: ReturnType<typeof siteMeta>, key: string) =>
  meta.find(
    (m) =>
      (m as Record<string, unknown>).property === key ||
      (m as Record<string, unknown>).name === key,
  ) as { content: string } | undefined;

describe('site meta', () => {
  it('puts canonical paths under the username as the owner spells it, with the page number', () => {
    expect(sitePagePath('maya', { pathname: '/MAYA', search: '' })).toBe('/maya');
    expect(sitePagePath('maya', { pathname: '/Maya/products', search: '?sort=price&page=3' })).toBe(
      '/maya/products?page=3',
    );
    expect(sitePagePath('maya', { pathname: '/maya/products', search: '?page=1' })).toBe(
      '/maya/products',
    );
    expect(sitePagePath('maya', '/checkout')).toBe('/maya/checkout');
  });

  it('gives the site page title, description, canonical, Open Graph, Twitter card and Person', () => {
    const meta = siteMeta(matches(), site, {
      location: { pathname: '/MAYA', search: '' },
      person: true,
    });
    expect(meta).toContainEqual({ title: 'Maya Chen Ceramics · Storefront' });
    expect(tag(meta, 'description')?.content).toBe('Small-batch stoneware.');
    expect(meta).toContainEqual({
      tagName: 'link',
      rel: 'canonical',
      href: 'https://app.example/maya',
    });
    expect(tag(meta, 'og:url')?.content).toBe('https://app.example/maya');
    expect(tag(meta, 'og:type')?.content).toBe('website');
    expect(tag(meta, 'og:site_name')?.content).toBe('Maya Chen Ceramics');
    expect(tag(meta, 'og:image')?.content).toBe(
      `https://app.example/share-images/site/maya.jpg?v=${Date.parse(site.updatedAt)}`,
    );
    expect(tag(meta, 'og:image:width')?.content).toBe('1200');
    expect(tag(meta, 'og:image:height')?.content).toBe('630');
    expect(tag(meta, 'twitter:card')?.content).toBe('summary_large_image');
    const ld = (meta.find((m) => 'script:ld+json' in m) as Record<string, unknown>)[
      'script:ld+json'
    ];
    expect(ld).toMatchObject({
      '@type': 'Person',
      name: 'Maya Chen',
      alternateName: 'Maya Chen Ceramics',
      url: 'https://app.example/maya',
      image: 'https://app.example/media/a.webp',
      sameAs: ['https://example.com/maya'],
    });
  });

  it('leaves out a link that is not http(s) and JSON-LD on other pages', () => {
    const odd = { ...site, owner: { ...site.owner, link: 'javascript:alert(1)' } };
    expect(personJsonLd(matches(), odd)).not.toHaveProperty('sameAs');
  });

  it('adds the social links (http(s) only, once each) to sameAs', () => {
    const social = (url: string | null, isSocial = true) => ({
      _id: url ?? 'tag',
      title: 'x',
      href: '/l/x',
      icon: 'link' as const,
      featured: false,
      social: isSocial,
      url,
      postId: null,
      tag: url ? null : 'mugs',
      post: null,
    });
    const withLinks = {
      ...site,
      links: [
        social('https://www.instagram.com/maya'),
        social('mailto:maya@example.com'),
        social('https://example.com/shop', false),
        social('https://example.com/maya'),
        social(null),
      ],
    };
    expect(personJsonLd(matches(), withLinks).sameAs).toEqual([
      'https://example.com/maya',
      'https://www.instagram.com/maya',
    ]);
    const meta = siteMeta(matches(), site, { title: 'Products', location: '/products' });
    expect(meta).toContainEqual({ title: 'Products · Maya Chen Ceramics · Storefront' });
    expect(meta.some((m) => 'script:ld+json' in m)).toBe(false);
  });

  it("reads the app's URL from a loader's context too", () => {
    const context = {
      config: { appUrl: 'https://ctx.example', brandName: 'Shop' },
      siteDomain: null,
    };
    expect(siteMeta(context, site, { location: '' })).toContainEqual({
      tagName: 'link',
      rel: 'canonical',
      href: 'https://ctx.example/maya',
    });
  });

  it("uses the seller's own domain on it, without the /{username} prefix", () => {
    const onDomain = matches({ host: 'shop.maya.example', username: 'maya' });
    const meta = siteMeta(onDomain, site, {
      location: { pathname: '/maya/products', search: '?page=2' },
    });
    expect(meta).toContainEqual({
      tagName: 'link',
      rel: 'canonical',
      href: 'https://shop.maya.example/products?page=2',
    });
    expect(personJsonLd(onDomain, site).url).toBe('https://shop.maya.example/');
  });
});
