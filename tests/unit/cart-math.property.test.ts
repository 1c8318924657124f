import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cartTotals, cartTotalsMinor, orderTaxShares } from '../../src/shared/cart';
import { toMinor } from '../../src/shared/money';

/**
 * SPEC §9 totals checked against an independent reference on thousands of random carts: the
 * reference works on BigInt cents with the rule written out (tax is a tenth of subtotal plus
 * shipping, half a cent and up rounds up), so no floating point can hide a cent.
 */

interface CentsLine {
  amount: number;
  priceCents: number;
  shippingCents: number;
}

function reference(lines: CentsLine[]) {
  let subtotal = 0n;
  let shipping = 0n;
  for (const l of lines) {
    subtotal += BigInt(l.amount) * BigInt(l.priceCents);
    shipping += BigInt(l.amount) * BigInt(l.shippingCents);
  }
  const base = subtotal + shipping;
  // 10% of `base` cents is base/10 cents: the last digit decides the rounding.
  const tax = base / 10n + (base % 10n >= 5n ? 1n : 0n);
  return {
    subtotal,
    shipping,
    tax,
    totalWithTax: subtotal + tax,
    grandTotal: subtotal + shipping + tax,
  };
}

// Money as a client holds it: major units with at most two decimals (19.99), up to the post limits.
const line = fc.record({
  amount: fc.integer({ min: 0, max: 99 }),
  priceCents: fc.oneof(
    fc.integer({ min: 0, max: 1_000 }),
    fc.integer({ min: 0, max: 100_000_000 }),
  ),
  shippingCents: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 1_000_000 })),
});
const cart = fc.array(line, { maxLength: 50 });
const major = (cents: number) => cents / 100;
const asCartLines = (lines: CentsLine[]) =>
  lines.map((l) => ({
    amount: l.amount,
    price: major(l.priceCents),
    // The cart item's default: a missing shipping cost is 0.
    ...(l.shippingCents === 0 ? {} : { shippingCost: major(l.shippingCents) }),
  }));
const FIELDS = ['subtotal', 'shipping', 'tax', 'totalWithTax', 'grandTotal'] as const;

describe('cart totals (SPEC §9) against a BigInt reference', () => {
  it('cartTotalsMinor matches to the cent on 5,000 random carts', () => {
    fc.assert(
      fc.property(cart, (lines) => {
        const got = cartTotalsMinor(asCartLines(lines));
        const want = reference(lines);
        for (const f of FIELDS) expect(BigInt(got[f]), f).toBe(want[f]);
      }),
      { numRuns: 5_000 },
    );
  });

  it('cartTotals shows the same cents in major units, never more than two decimals', () => {
    fc.assert(
      fc.property(cart, (lines) => {
        const got = cartTotals(asCartLines(lines));
        const want = reference(lines);
        for (const f of FIELDS) {
          expect(String(got[f]), f).toMatch(/^\d+(\.\d{1,2})?$/);
          expect(BigInt(toMinor(got[f])), f).toBe(want[f]);
        }
      }),
      { numRuns: 5_000 },
    );
  });

  it('rounds half a cent of tax up, and a hair below it down', () => {
    // 0.05 of base → tax 0.005 → 0.01; 0.04 → 0.004 → 0.
    expect(cartTotalsMinor([{ amount: 1, price: 0.05 }]).tax).toBe(1);
    expect(cartTotalsMinor([{ amount: 1, price: 0.04 }]).tax).toBe(0);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), (tenths) => {
        // A base whose tax ends in exactly half a cent.
        const cents = tenths * 10 + 5;
        expect(cartTotalsMinor([{ amount: 1, price: major(cents) }]).tax).toBe(tenths + 1);
      }),
      { numRuns: 2_000 },
    );
  });

  it('refuses negative or fractional amounts and negative prices', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.record({ amount: fc.integer({ max: -1 }), price: fc.constant(1) }),
          fc.record({
            amount: fc
              .double({ min: 0.01, max: 98.99, noNaN: true })
              .filter((x) => !Number.isInteger(x)),
            price: fc.constant(1),
          }),
          fc.record({
            amount: fc.constant(1),
            price: fc.integer({ min: -1_000_000, max: -1 }).map(major),
          }),
        ),
        (bad) => {
          expect(() => cartTotalsMinor([bad])).toThrow(RangeError);
        },
      ),
      { numRuns: 1_000 },
    );
  });
});

describe('orderTaxShares (the order’s tax shared among its sellers)', () => {
  const parts = fc.array(fc.integer({ min: 0, max: 500_000_000 }), { minLength: 1, maxLength: 12 });

  it('shares add up to the order’s tax and each is within a cent of 10% of its own part (BigInt)', () => {
    fc.assert(
      fc.property(parts, (bases) => {
        const shares = orderTaxShares(bases);
        expect(shares).toHaveLength(bases.length);
        // The tax an order really has: 10% of all its parts, half-up (the reference above).
        const sum = bases.reduce((a, b) => a + BigInt(b), 0n);
        const tax = sum / 10n + (sum % 10n >= 5n ? 1n : 0n);
        expect(BigInt(shares.reduce((a, b) => a + b, 0))).toBe(tax);
        shares.forEach((share, i) => {
          expect(Number.isInteger(share) && share >= 0, `share ${i}: ${share}`).toBe(true);
          // |share − base/10| < 1  ⇔  |10·share − base| < 10
          const diff = 10n * BigInt(share) - BigInt(bases[i]!);
          expect(diff < 0n ? -diff : diff, `share ${i}`).toBeLessThan(10n);
        });
      }),
      { numRuns: 5_000 },
    );
  });

  it('gives the rounding cent to the part that lost the most to rounding down', () => {
    // 6 655 160 + 54 + 105 001 cents: 10% is 676 021.5 → 676 022; the parts' tenths are
    // 665 516.0, 5.4 and 10 500.1, so the extra cent goes to the 5.4 part (a CI counterexample of
    // the old proportional split gave it to the first part, a whole cent over its 10%).
    expect(orderTaxShares([6_655_160, 54, 105_001])).toEqual([665_516, 6, 10_500]);
    expect(orderTaxShares([0, 0])).toEqual([0, 0]);
    expect(orderTaxShares([5, 5])).toEqual([1, 0]);
  });
});
