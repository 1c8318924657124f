// Cart totals (SPEC §9, DESIGN §4), shared by the browser (display) and the server
// (the authoritative order total, computed from database prices). All arithmetic is
// done in integer minor units so client and server can never disagree by a cent.
import { toMajor, toMinor } from './money';

/** Tax rate applied to subtotal + shipping. */
export const TAX_RATE = 0.1;
// Integer percentage so the tax can be computed without floating point.
const TAX_PERCENT = Math.round(TAX_RATE * 100);

export interface CartLine {
  /** Quantity: a non-negative integer. */
  amount: number;
  /** Unit price in major units. */
  price: number;
  /** Shipping per unit in major units; defaults to 0. */
  shippingCost?: number | null;
}

export interface CartTotals {
  subtotal: number;
  shipping: number;
  tax: number;
  totalWithTax: number;
  grandTotal: number;
}

function checkedMinor(value: number, field: string, index: number): number {
  if (!Number.isFinite(value) || value < 0) {
    throw new RangeError(
      `Cart item ${index}: ${field} must be a non-negative number, got ${value}`,
    );
  }
  return toMinor(value);
}

function safe(n: number): number {
  if (!Number.isSafeInteger(n)) throw new RangeError('Cart total out of range');
  return n;
}

/** Totals in integer minor units (cents). Throws RangeError on invalid items. */
export function cartTotalsMinor(items: readonly CartLine[]): CartTotals {
  let subtotal = 0;
  let shipping = 0;
  items.forEach((item, i) => {
    if (!Number.isSafeInteger(item.amount) || item.amount < 0) {
      throw new RangeError(
        `Cart item ${i}: amount must be a non-negative integer, got ${item.amount}`,
      );
    }
    const price = checkedMinor(item.price, 'price', i);
    const shippingCost = checkedMinor(item.shippingCost ?? 0, 'shippingCost', i);
    subtotal = safe(subtotal + item.amount * price);
    shipping = safe(shipping + item.amount * shippingCost);
  });
  // Half-up rounding to the cent: floor((base * pct + 50) / 100); base is never negative.
  const tax = safe(Math.floor(((subtotal + shipping) * TAX_PERCENT + 50) / 100));
  return {
    subtotal,
    shipping,
    tax,
    totalWithTax: safe(subtotal + tax),
    grandTotal: safe(subtotal + shipping + tax),
  };
}

/** Totals in major units (numbers with at most two decimals), as shown and sent on the wire. */
export function cartTotals(items: readonly CartLine[]): CartTotals {
  const minor = cartTotalsMinor(items);
  return {
    subtotal: toMajor(minor.subtotal),
    shipping: toMajor(minor.shipping),
    tax: toMajor(minor.tax),
    totalWithTax: toMajor(minor.totalWithTax),
    grandTotal: toMajor(minor.grandTotal),
  };
}

/**
 * The order's tax (10% of everything taxable, half-up, once on the whole cart: what the buyer saw)
 * shared among its parts, one per seller. Each part gets a tenth of its own base rounded down,
 * and the cents the whole-cart rounding adds go to the parts with the largest dropped fractions.
 * So the shares add up to the order's tax exactly and each is within a cent of 10% of its own
 * base: (Σ remainders + 50) / 100 cents are left over, never more than there are parts.
 */
export function orderTaxShares(bases: readonly number[]): number[] {
  const tenths = bases.map((b) => safe(b * TAX_PERCENT));
  const shares = tenths.map((x) => Math.floor(x / 100));
  const total = Math.floor((tenths.reduce((a, b) => safe(a + b), 0) + 50) / 100);
  let left = total - shares.reduce((a, b) => a + b, 0);
  const byRemainder = tenths
    .map((x, i) => ({ i, rem: x % 100 }))
    .sort((a, b) => b.rem - a.rem || a.i - b.i);
  for (const { i } of byRemainder) {
    if (left <= 0) break;
    shares[i]! += 1;
    left -= 1;
  }
  return shares;
}
