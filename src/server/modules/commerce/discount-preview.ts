import type { DiscountPreview } from '../../../shared/contracts/discounts';
import { toMajor } from '../../../shared/money';
import { quoteLines, refuseProblemLines } from '../catalog';
import type { ModuleDeps } from '../core';
import { withOfferPrices } from '../offers';
import { discountsFor, redeemCodes } from './discount-apply';
import { orderFigures } from './order-figures';
import { cartTerms, stockLines, type PlaceOrderInput } from './place-order';

/**
 * POST /discounts/preview (docs/decisions/073): what placing this cart with this code would do,
 * asked of the same pieces POST /orders runs — the lines priced from the database, the buyer's
 * accepted offers, the code's checks (`redeemCodes` without taking a use), its discount and the
 * order's figures — in the same order, so a refusal is the same sentence and the figures are the
 * same cents. Nothing is written and nothing is locked: neither a use of the code nor stock is
 * held, so a buyer may ask as often as the rate limit lets them.
 */
export async function previewDiscount(
  deps: ModuleDeps,
  buyerId: string,
  input: Pick<PlaceOrderInput, 'items'> & { discountCode: string },
): Promise<DiscountPreview> {
  const quoted = await quoteLines(deps.db, buyerId, stockLines(input.items));
  refuseProblemLines(quoted);
  const { codes, offered } = await cartTerms(deps, buyerId, input, quoted);
  const priced = withOfferPrices(quoted, offered);
  const usable = await redeemCodes(deps, buyerId, codes, { take: false });
  const figures = orderFigures(deps, priced, discountsFor(deps, usable, priced));
  return {
    currency: deps.env.CURRENCY,
    subtotal: toMajor(figures.subtotal),
    discount: toMajor(figures.discount),
    shipping: toMajor(figures.shipping),
    tax: toMajor(figures.tax),
    totalWithTax: toMajor(figures.subtotal - figures.discount + figures.tax),
    grandTotal: toMajor(figures.grandTotal),
    parts: figures.parts.map((p) => ({
      seller: {
        _id: p.sellerId,
        name: p.lines[0]!.sellerName ?? '',
        username: p.lines[0]!.sellerUsername ?? '',
      },
      subtotal: toMajor(p.subtotal),
      discountCode: p.discountCode,
      discount: toMajor(p.discount),
      shipping: toMajor(p.shipping),
      tax: toMajor(p.tax),
      total: toMajor(p.total),
    })),
  };
}
