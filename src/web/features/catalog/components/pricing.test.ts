import { describe, expect, it } from 'vitest';
import { defaultSelection, priceFor } from './pricing';

const product = {
  price: 10.1,
  stock: 5,
  soldOut: false,
  variations: [
    {
      name: 'Size',
      options: [
        { name: 'S', priceDelta: 0, stock: null },
        { name: 'XL', priceDelta: 2.2, stock: 0 },
      ],
    },
    { name: 'Colour', options: [{ name: 'Red', priceDelta: -0.1, stock: 3 }] },
  ],
};

describe('catalog pricing', () => {
  it('picks the first option of every variation', () => {
    expect(defaultSelection(product)).toEqual({ Size: 'S', Colour: 'Red' });
  });

  it('adds option price changes in cents and caps stock by options with their own', () => {
    expect(priceFor(product, { Size: 'S', Colour: 'Red' })).toEqual({
      price: 10,
      stock: 3,
      soldOut: false,
    });
    expect(priceFor(product, { Size: 'XL', Colour: 'Red' })).toEqual({
      price: 12.2,
      stock: 0,
      soldOut: true,
    });
  });

  it('ignores unknown options and keeps a sold post sold out', () => {
    expect(priceFor({ ...product, soldOut: true }, { Size: 'nope' })).toEqual({
      price: 10.1,
      stock: 5,
      soldOut: true,
    });
  });
});
