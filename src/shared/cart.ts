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
 * Shares `totalTax` (minor units) among parts in proportion to their taxable bases (minor units),
 * largest remainder first, so the shares add up to the order's tax exactly. The order's tax is
 * computed once on the whole cart (what the buyer saw); each seller's part carries its share.
 */
export function splitTax(totalTax: number, bases: readonly number[]): number[] {
  const sum = bases.reduce((a, b) => a + b, 0);
  if (sum === 0) return bases.map((_, i) => (i === 0 ? totalTax : 0));
  const exact = bases.map((b) => (totalTax * b) / sum);
  const shares = exact.map(Math.floor);
  let left = totalTax - shares.reduce((a, b) => a + b, 0);
  const order = exact
    .map((x, i) => ({ i, frac: x - Math.floor(x) }))
    .sort((a, b) => b.frac - a.frac || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    shares[i]! += 1;
    left -= 1;
  }
  return shares;
}
