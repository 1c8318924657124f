import type { Product } from '../../../../shared/contracts/catalog';
import { toMajor, toMinor } from '../../../../shared/money';

/** What a buyer picked: variation name → option name. */
export type Selection = Record<string, string>;

/** The first option of every variation: what a post page shows before the buyer picks. */
export function defaultSelection(product: Pick<Product, 'variations'>): Selection {
  const out: Selection = {};
  for (const v of product.variations) if (v.options[0]) out[v.name] = v.options[0].name;
  return out;
}

/**
 * The price and stock of a post with the chosen options: each option adds its `priceDelta` (in
 * minor units, so cents never drift) and an option with its own stock caps the post's stock.
 */
export function priceFor(
  product: Pick<Product, 'price' | 'stock' | 'variations' | 'soldOut'>,
  selection: Selection,
): { price: number; stock: number; soldOut: boolean } {
  let minor = toMinor(product.price);
  let stock = product.stock;
  for (const v of product.variations) {
    const option = v.options.find((o) => o.name === selection[v.name]);
    if (!option) continue;
    minor += toMinor(option.priceDelta);
    if (option.stock !== null) stock = Math.min(stock, option.stock);
  }
  const price = toMajor(Math.max(0, minor));
  return { price, stock, soldOut: product.soldOut || stock <= 0 };
}
