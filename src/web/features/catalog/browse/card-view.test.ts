import { describe, expect, it } from 'vitest';
import type { Product } from '../../../../shared/contracts/catalog';
import { toCardList, toCardView } from './card-view';

/** The inline data of `/`, `/marketplace` and the sellers' pages holds what the post cards show, and no field more. */
const media = (n: number, type: 'image' | 'video') => ({
  _id: `m${n}`,
  type,
  alt: `photo ${n}`,
  thumbnail: type === 'image' ? `/media/t${n}.webp` : null,
  fullsize: `/media/f${n}.webp`,
  srcset: type === 'image' ? { thumbnail: `/media/t${n}.webp 400w`, fullsize: `/media/f${n}.webp 1600w` } : null,
  width: 400,
  height: 300,
  aiGenerated: true as const,
});

const product: Product = {
  _id: 'p1',
  shortId: '0a1b2c3d4e5f',
  path: '/maya/mug-0a1b2c3d4e5f',
  title: 'Mug',
  description: 'A long description no card shows',
  price: 12.5,
  shippingCost: 4,
  stock: 2,
  soldOut: false,
  status: 'published',
  variations: [{ name: 'Size', options: [{ name: 'L', priceDelta: 0, stock: null }] }],
  _tags: ['mugs'],
  medias: [media(1, 'video'), media(2, 'image'), media(3, 'image')],
  likesCount: 9,
  likesType: 'product',
  allowOffers: false,
  user: { _id: 'u1', username: 'maya', name: 'Maya', image: { thumbnail: '/a.webp', fullsize: '/b.webp' } },
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-02T00:00:00.000Z',
};

describe('a post card’s view', () => {
  it('is exactly what ProductCard shows and links to: the first image only, no other field', () => {
    expect(toCardView(product)).toStrictEqual({
      _id: 'p1',
      shortId: '0a1b2c3d4e5f',
      title: 'Mug',
      price: 12.5,
      soldOut: false,
      user: { name: 'Maya', username: 'maya' },
      medias: [
        {
          type: 'image',
          thumbnail: '/media/t2.webp',
          srcset: { thumbnail: '/media/t2.webp 400w' },
          alt: 'photo 2',
          width: 400,
          height: 300,
        },
      ],
    });
  });

  it('has no picture when the post has no image', () => {
    expect(toCardView({ ...product, medias: [media(1, 'video')] }).medias).toStrictEqual([]);
  });

  it('makes a list of cards without the list’s other totals', () => {
    const list = toCardList({ products: [product], recordsCount: 1, totalProducts: 5, error: null });
    expect(Object.keys(list).sort()).toEqual(['error', 'products', 'recordsCount']);
    expect(list.products[0]).toStrictEqual(toCardView(product));
  });
});
