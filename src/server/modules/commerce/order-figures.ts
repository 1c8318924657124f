import { cartTotalsMinor, orderTaxShares } from '../../../shared/cart';
import { formatMoney } from '../../../shared/format';
import { toMajor } from '../../../shared/money';
import type { PricedLine } from '../catalog';
import { validationError, type ModuleDeps } from '../core';
import type { AppliedDiscount } from './discount-apply';

// The money of an order before it is written: POST /orders writes these figures and
// POST /discounts/preview answers them (docs/decisions/073), so what the buyer is shown before
// placing is what placing charges, to the cent.

/** One seller's part, in minor units. */
export interface PartFigures {
  sellerId: string;
  lines: PricedLine[];
  subtotal: number;
  discountCode: string | null;
  discount: number;
  shipping: number;
  tax: number;
  /** What the seller earns: the items less the discount, and shipping (the fee is on this). */
  earned: number;
  /** What the buyer pays for this part: `earned` plus its tax share. */
  total: number;
}

export interface OrderFigures {
  parts: PartFigures[];
  subtotal: number;
  discount: number;
  shipping: number;
  tax: number;
  grandTotal: number;
}

/**
 * The most one order may total, in minor units: the largest amount a card payment takes (Stripe's
 * limit, $999,999.99 in USD). It also keeps every total well inside the database's integer columns.
 */
export const ORDER_TOTAL_MAX_MINOR = 99_999_999;

const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

/**
 * The priced lines split per seller (in the cart's order), each part's discount and its share of
 * the order's tax: tax on each part's discounted items plus shipping; the shares add up to the same
 * half-up tenth of the whole, as the buyer saw it. Refused above ORDER_TOTAL_MAX_MINOR.
 */
export function orderFigures(
  deps: Pick<ModuleDeps, 'env'>,
  priced: readonly PricedLine[],
  applied: ReadonlyMap<string, AppliedDiscount>,
): OrderFigures {
  const bySeller = new Map<string, PricedLine[]>();
  for (const line of priced)
    bySeller.set(line.sellerId!, [...(bySeller.get(line.sellerId!) ?? []), line]);
  const groups = [...bySeller.entries()].map(([sellerId, lines]) => {
    const totals = cartTotalsMinor(
      lines.map((l) => ({
        amount: l.amount,
        price: toMajor(l.priceMinor),
        shippingCost: toMajor(l.shippingMinor),
      })),
    );
    const used = applied.get(sellerId);
    return { sellerId, lines, totals, code: used?.code ?? null, off: used?.minor ?? 0 };
  });
  const taxes = orderTaxShares(groups.map((g) => g.totals.subtotal - g.off + g.totals.shipping));
  const parts = groups.map((g, i): PartFigures => {
    const earned = g.totals.subtotal - g.off + g.totals.shipping;
    return {
      sellerId: g.sellerId,
      lines: g.lines,
      subtotal: g.totals.subtotal,
      discountCode: g.code,
      discount: g.off,
      shipping: g.totals.shipping,
      tax: taxes[i]!,
      earned,
      total: earned + taxes[i]!,
    };
  });
  const figures = {
    parts,
    subtotal: sum(parts.map((p) => p.subtotal)),
    discount: sum(parts.map((p) => p.discount)),
    shipping: sum(parts.map((p) => p.shipping)),
    tax: sum(taxes),
  };
  const grandTotal = figures.subtotal - figures.discount + figures.shipping + figures.tax;
  if (grandTotal > ORDER_TOTAL_MAX_MINOR) {
    const max = formatMoney(toMajor(ORDER_TOTAL_MAX_MINOR), deps.env.CURRENCY);
    throw validationError(`An order can total at most ${max}: place it as several smaller orders.`);
  }
  return { ...figures, grandTotal };
}
