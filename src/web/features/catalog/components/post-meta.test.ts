import { describe, expect, it } from 'vitest';
import type { Product } from '../../../../shared/contracts/catalog';
import { postMeta, productJsonLd } from './post-meta';

const product: Product = {
  _id: 'p1',
  shortId: '0a1b2c3d4e5f',
  path: '/maya/blue-mug-0a1b2c3d4e5f',
  title: 'Blue mug',
  description: 'A   mug\nfor tea.',
  price: 18,
  shippingCost: 4,
  stock: 3,
  soldOut: false,
  status: 'published',
  variations: [],
  _tags: ['ceramics', 'mugs'],
  medias: [
    {
      _id: 'm1',
      type: 'image',
      alt: 'A blue mug',
      thumbnail: '/media/m1-t.webp',
      fullsize: '/media/m1.webp',
      srcset: null,
      width: 800,
      height: 800,
    },
  ],
  likesCount: 0,
  likesType: 'product',
  allowOffers: false,
  user: { _id: 'u1', username: 'maya', name: 'Maya Chen', image: null },
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-02T00:00:00.000Z',
};

const context = {
  config: { appUrl: 'https://app.example', brandName: 'Shop', currency: 'EUR' },
  siteDomain: null,
};

const find = (meta: ReturnType<typeof postMeta>, key: string) =>
  (meta as Record<string, unknown>[]).find((m) => m.property === key || m.name === key)?.content;

describe('post meta', () => {
  it('describes the post as a product with its price and share image', () => {
    const meta = postMeta(context, product, {
      path: '/maya/p1',
      suffix: ' · Maya',
      siteName: 'Maya',
    });
    expect(meta).toContainEqual({ title: 'Blue mug · Maya · Shop' });
    expect(find(meta, 'description')).toBe('A mug for tea.');
    expect(find(meta, 'og:type')).toBe('product');
    expect(find(meta, 'og:url')).toBe('https://app.example/maya/p1');
    expect(find(meta, 'og:site_name')).toBe('Maya');
    expect(find(meta, 'og:image')).toBe(
      `https://app.example/share-images/post/p1.jpg?v=${Date.parse(product.updatedAt)}`,
    );
    expect(find(meta, 'og:image:alt')).toBe('A blue mug');
    expect(find(meta, 'product:price:amount')).toBe('18.00');
    expect(find(meta, 'product:price:currency')).toBe('EUR');
    expect(find(meta, 'twitter:card')).toBe('summary_large_image');
    expect(find(meta, 'robots')).toBeUndefined();
  });

  it('gives Product JSON-LD with an offer', () => {
    expect(productJsonLd(context, product, '/products/p1')).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Blue mug',
      description: 'A mug for tea.',
      sku: 'p1',
      url: 'https://app.example/products/p1',
      image: ['https://app.example/media/m1.webp'],
      keywords: 'ceramics, mugs',
      offers: {
        '@type': 'Offer',
        url: 'https://app.example/products/p1',
        price: '18.00',
        priceCurrency: 'EUR',
        availability: 'https://schema.org/InStock',
        itemCondition: 'https://schema.org/NewCondition',
        seller: { '@type': 'Person', name: 'Maya Chen', url: 'https://app.example/maya' },
      },
    });
    const sold = productJsonLd(context, { ...product, soldOut: true, medias: [] }, '/maya/p1');
    expect(sold.offers).toMatchObject({ availability: 'https://schema.org/SoldOut' });
    expect(sold.image).toEqual([
      `https://app.example/share-images/post/p1.jpg?v=${Date.parse(product.updatedAt)}`,
    ]);
  });

  it('keeps drafts and previews out of search results', () => {
    expect(find(postMeta(context, { ...product, status: 'draft' }, { path: '/p' }), 'robots')).toBe(
      'noindex',
    );
    expect(find(postMeta(context, product, { path: '/p', noindex: true }), 'robots')).toBe(
      'noindex',
    );
  });
});
