import { describe, expect, it } from 'vitest';
import { TAX_RATE, cartTotals, cartTotalsMinor } from './cart';

describe('cartTotals', () => {
  it('is all zero for an empty cart', () => {
    expect(cartTotals([])).toEqual({
      subtotal: 0,
      shipping: 0,
      tax: 0,
      totalWithTax: 0,
      grandTotal: 0,
    });
  });

  it('taxes 10% of subtotal plus shipping', () => {
    expect(TAX_RATE).toBe(0.1);
    const totals = cartTotals([
      { amount: 2, price: 10, shippingCost: 5 },
      { amount: 1, price: 30 },
    ]);
    // subtotal 2×10 + 30 = 50; shipping 2×5 = 10; tax 10% of 60 = 6
    expect(totals).toEqual({
      subtotal: 50,
      shipping: 10,
      tax: 6,
      totalWithTax: 56,
      grandTotal: 66,
    });
  });

  it('rounds tax half up to the cent', () => {
    // 10% of 0.05 is half a cent → 0.01
    expect(cartTotals([{ amount: 1, price: 0.05 }]).tax).toBe(0.01);
    // 10% of 0.04 is 0.4 cent → 0
    expect(cartTotals([{ amount: 1, price: 0.04 }]).tax).toBe(0);
    // 10% of 10.05 is 1.005 → 1.01
    expect(cartTotals([{ amount: 1, price: 10.05 }]).tax).toBe(1.01);
    // Naive float maths rounds these down (0.35 * 0.1 = 0.034999…, 1.45 * 0.1 → 0.14).
    expect(cartTotals([{ amount: 1, price: 0.35 }]).tax).toBe(0.04);
    expect(cartTotals([{ amount: 1, price: 1.45 }]).tax).toBe(0.15);
    expect(cartTotals([{ amount: 1, price: 21.15 }]).tax).toBe(2.12);
  });

  it('rounds a half-cent tax that only appears once shipping is added', () => {
    // subtotal 3×3.33 = 9.99; shipping 3×0.02 = 0.06; base 10.05 → tax 1.005 → 1.01
    const totals = cartTotals([{ amount: 3, price: 3.33, shippingCost: 0.02 }]);
    expect(totals).toEqual({
      subtotal: 9.99,
      shipping: 0.06,
      tax: 1.01,
      totalWithTax: 11,
      grandTotal: 11.06,
    });
    // Without the shipping the tax would be 0.999 → 1.00: shipping is part of the base.
    expect(cartTotals([{ amount: 3, price: 3.33 }]).tax).toBe(1);
  });

  it('has no floating-point drift across many items', () => {
    const items = Array.from({ length: 10 }, () => ({ amount: 1, price: 0.1, shippingCost: 0.2 }));
    expect(cartTotals(items)).toEqual({
      subtotal: 1,
      shipping: 2,
      tax: 0.3,
      totalWithTax: 1.3,
      grandTotal: 3.3,
    });
  });

  it('treats a null or missing shippingCost as 0', () => {
    expect(cartTotals([{ amount: 2, price: 1, shippingCost: null }]).shipping).toBe(0);
  });
});

describe('cartTotalsMinor', () => {
  it('returns integer cents', () => {
    expect(cartTotalsMinor([{ amount: 3, price: 3.33, shippingCost: 0.02 }])).toEqual({
      subtotal: 999,
      shipping: 6,
      tax: 101,
      totalWithTax: 1100,
      grandTotal: 1106,
    });
  });

  it('rejects negative, non-finite and fractional inputs', () => {
    expect(() => cartTotalsMinor([{ amount: -1, price: 1 }])).toThrow(RangeError);
    expect(() => cartTotalsMinor([{ amount: 1.5, price: 1 }])).toThrow(RangeError);
    expect(() => cartTotalsMinor([{ amount: 1, price: -0.01 }])).toThrow(RangeError);
    expect(() => cartTotalsMinor([{ amount: 1, price: Number.NaN }])).toThrow(RangeError);
    expect(() => cartTotalsMinor([{ amount: 1, price: 1, shippingCost: -2 }])).toThrow(RangeError);
    expect(() => cartTotalsMinor([{ amount: 1, price: Number.POSITIVE_INFINITY }])).toThrow(
      RangeError,
    );
  });
});
