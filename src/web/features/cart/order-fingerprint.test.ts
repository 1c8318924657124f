import { describe, expect, it } from 'vitest';
import { orderFingerprint, type OrderSource } from './order-fingerprint';

const source: OrderSource = {
  userId: 'u1',
  items: [
    {
      _id: 'a',
      amount: 1,
      price: 10,
      shippingCost: 0,
      selectedVariations: { size: 'M', colour: 'red' },
    },
    { _id: 'b', amount: 2, price: 5, shippingCost: 1, selectedVariations: {} },
  ],
  shippingAddressId: 's1',
  billingAddressId: null,
};

describe('orderFingerprint', () => {
  it('is the same for the same cart, whatever the order of lines and options', () => {
    const reordered: OrderSource = {
      ...source,
      items: [
        source.items[1]!,
        { ...source.items[0]!, selectedVariations: { colour: 'red', size: 'M' } },
      ],
    };
    expect(orderFingerprint(reordered)).toBe(orderFingerprint(source));
  });

  it('treats billing to the shipping address as no separate billing address', () => {
    expect(orderFingerprint({ ...source, billingAddressId: 's1' })).toBe(orderFingerprint(source));
  });

  it('changes with the buyer, an amount, a price, shipping, an option, a line or an address', () => {
    const first = source.items[0]!;
    const variants: OrderSource[] = [
      { ...source, userId: 'u2' },
      { ...source, items: [{ ...first, amount: 2 }, source.items[1]!] },
      { ...source, items: [{ ...first, price: 11 }, source.items[1]!] },
      { ...source, items: [{ ...first, shippingCost: 2 }, source.items[1]!] },
      {
        ...source,
        items: [{ ...first, selectedVariations: { size: 'L', colour: 'red' } }, source.items[1]!],
      },
      { ...source, items: [first] },
      { ...source, shippingAddressId: 's2' },
      { ...source, billingAddressId: 'b1' },
      { ...source, discountCode: 'SPRING25' },
    ];
    const prints = new Set([source, ...variants].map(orderFingerprint));
    expect(prints.size).toBe(variants.length + 1);
  });

  it('reads a discount code as the server does: whatever its case, and empty as none', () => {
    expect(orderFingerprint({ ...source, discountCode: ' spring25 ' })).toBe(
      orderFingerprint({ ...source, discountCode: 'SPRING25' }),
    );
    expect(orderFingerprint({ ...source, discountCode: '' })).toBe(orderFingerprint(source));
  });
});
