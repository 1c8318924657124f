import { describe, expect, it } from 'vitest';
import type { Product } from '../../../../shared/contracts/catalog';
import { fieldIdFor, errorAt, toEditorErrors, countUnder } from './editor-errors';
import {
  emptyVariation,
  fingerprint,
  parseAmount,
  previewProduct,
  toProductInput,
  valuesFromProduct,
  type EditorValues,
} from './editor-values';
import { validateProductInput } from './validation';

const owner = { _id: 'u1', username: 'maya', name: 'Maya', image: null };

const product: Product = {
  _id: '7f1e8a52-6a3c-4f7d-9a0b-2c4d6e8f0a1b',
  shortId: '0a1b2c3d4e5f',
  path: '/maya/blue-mug-0a1b2c3d4e5f',
  title: 'Blue mug',
  description: 'Hand thrown.',
  price: 18.5,
  shippingCost: 0,
  stock: 3,
  soldOut: false,
  status: 'published',
  variations: [
    {
      name: 'Size',
      options: [
        { name: 'Small', priceDelta: 0, stock: null },
        { name: 'Large', priceDelta: 4.25, stock: 2 },
      ],
    },
  ],
  _tags: ['ceramics'],
  medias: [
    {
      _id: 'm1',
      type: 'image',
      alt: 'Front',
      thumbnail: '/media/t.webp',
      fullsize: '/media/f.webp',
      srcset: null,
      width: 10,
      height: 10,
    },
  ],
  likesCount: 4,
  likesType: 'product',
  allowOffers: false,
  user: owner,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-02T00:00:00.000Z',
};

const filled = (change: Partial<EditorValues> = {}): EditorValues => ({
  ...valuesFromProduct(null),
  title: 'Lamp',
  price: '25',
  ...change,
});

describe('parseAmount', () => {
  it('reads amounts as people type them', () => {
    expect(parseAmount('12.50')).toBe(12.5);
    expect(parseAmount(' $12 ')).toBe(12);
    expect(parseAmount('12,50')).toBe(12.5);
    expect(parseAmount('1,234.50')).toBe(1234.5);
    expect(parseAmount('-3')).toBe(-3);
    expect(parseAmount('.5')).toBe(0.5);
    expect(parseAmount('7.')).toBe(7);
  });

  it('is undefined for an empty box and NaN for anything unreadable', () => {
    expect(parseAmount('')).toBeUndefined();
    expect(parseAmount('  ')).toBeUndefined();
    expect(parseAmount('ten')).toBeNaN();
    expect(parseAmount('1.2.3')).toBeNaN();
    expect(parseAmount('1e5')).toBeNaN();
  });
});

describe('valuesFromProduct and toProductInput', () => {
  it('starts a new post as an empty draft with one in stock', () => {
    expect(valuesFromProduct(null)).toMatchObject({
      title: '',
      price: '',
      stock: '1',
      status: 'draft',
      variations: [],
    });
  });

  it('round-trips a saved post, with the media order and alt texts', () => {
    const values = valuesFromProduct(product);
    expect(values.shippingCost).toBe('');
    expect(values.variations[0]!.options[0]).toMatchObject({ priceDelta: '', stock: '' });
    expect(toProductInput(values, product._id, product.medias)).toEqual({
      _id: product._id,
      title: 'Blue mug',
      description: 'Hand thrown.',
      price: 18.5,
      shippingCost: 0,
      stock: 3,
      _tags: ['ceramics'],
      variations: [
        {
          name: 'Size',
          options: [
            { name: 'Small', priceDelta: 0, stock: null },
            { name: 'Large', priceDelta: 4.25, stock: 2 },
          ],
        },
      ],
      status: 'published',
      allowOffers: false,
      medias: [{ _id: 'm1', alt: 'Front' }],
    });
  });

  it('sends no media list for a new post', () => {
    expect(toProductInput(filled(), null, product.medias)).not.toHaveProperty('medias');
  });
});

describe('fingerprint (unsaved changes)', () => {
  it('ignores option keys and number spellings, sees edits, order and alt texts', () => {
    const a = valuesFromProduct(product);
    const b = valuesFromProduct(product); // new keys
    expect(fingerprint(a, product.medias)).toBe(fingerprint(b, product.medias));
    expect(fingerprint({ ...a, price: '18.50' }, product.medias)).toBe(
      fingerprint(a, product.medias),
    );
    expect(fingerprint({ ...a, title: 'Red mug' }, product.medias)).not.toBe(
      fingerprint(a, product.medias),
    );
    const renamed = [{ ...product.medias[0]!, alt: 'Side' }];
    expect(fingerprint(a, renamed)).not.toBe(fingerprint(a, product.medias));
  });
});

describe('validation with the API contract', () => {
  it('accepts a complete post and normalises its tags', async () => {
    const result = await validateProductInput(
      toProductInput(filled({ tags: ['Lamps', ' Home  Decor '] }), null),
    );
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.data._tags).toEqual(['lamps', 'home decor']);
  });

  it('puts each message by its field, nested variation fields included', async () => {
    const variation = emptyVariation();
    const result = await validateProductInput(
      toProductInput(
        filled({ title: '', price: 'abc', stock: '-1', variations: [variation] }),
        null,
      ),
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.title).toBe('Give your post a title.');
    expect(result.errors.price).toBe('Must be a number.');
    expect(result.errors.stock).toBe('Must be 0 or more.');
    expect(result.errors['variations.0.name']).toBe('Name every variation.');
    expect(result.errors['variations.0.options.0.name']).toBe('Name every option.');
    expect(countUnder(result.errors, 'variations')).toBe(2);
  });

  it('requires a price', async () => {
    const result = await validateProductInput(toProductInput(filled({ price: '' }), null));
    expect(result.ok || result.errors.price).toBe('This field is required.');
  });
});

describe('editor errors', () => {
  it('keeps the first message per path, from server details too', () => {
    const errors = toEditorErrors([
      { path: ['_tags', 2], message: 'Tags cannot be empty.' },
      { path: ['_tags', 2], message: 'second' },
      { path: [], message: 'Whole form' },
      'junk',
    ]);
    expect(errors).toEqual({ '_tags.2': 'Tags cannot be empty.', '': 'Whole form' });
    expect(errorAt(errors, '_tags')).toBe('Tags cannot be empty.');
    expect(toEditorErrors(undefined)).toEqual({});
  });

  it('gives every path the id of its control', () => {
    expect(fieldIdFor('title')).toBe('post-title');
    expect(fieldIdFor('_tags')).toBe('post-tags');
    expect(fieldIdFor('variations.1.options.0.stock')).toBe('post-variations-1-options-0-stock');
  });
});

describe('previewProduct', () => {
  it('shows the form as buyers would see it', () => {
    const now = new Date('2026-03-01T10:00:00Z');
    const values = filled({
      title: '  ',
      price: '12,5',
      stock: '0',
      tags: ['Home'],
      variations: [
        {
          key: 'v',
          name: 'Colour',
          options: [{ key: 'o', name: 'Red', priceDelta: '2', stock: '' }],
        },
        { key: 'w', name: ' ', options: [] },
      ],
    });
    const p = previewProduct(values, { id: null, medias: product.medias, user: owner }, now);
    expect(p).toMatchObject({
      _id: 'preview',
      title: 'Untitled post',
      price: 12.5,
      stock: 0,
      soldOut: true,
      _tags: ['home'],
      variations: [{ name: 'Colour', options: [{ name: 'Red', priceDelta: 2, stock: null }] }],
      createdAt: now.toISOString(),
      user: owner,
    });
    expect(p.medias).toHaveLength(1);
  });

  it('never shows a negative or unreadable amount', () => {
    const p = previewProduct(filled({ price: 'x', shippingCost: '-4' }), {
      id: 'id1',
      medias: [],
      user: owner,
    });
    expect(p.price).toBe(0);
    expect(p.shippingCost).toBe(0);
    expect(p._id).toBe('id1');
  });
});
