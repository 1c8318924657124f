import type { StoredVariation } from '../../db/schema';

// A post's options as a buyer chooses them: which option of each variation, and the price they
// make. Shared by the cart's lines (stock.ts) and the offers made on one choice (ADR 076).

/** Resolves chosen options; null when a choice names no option or a variation is left unchosen. */
export function chosenOptions(variations: StoredVariation[], selected: Record<string, string>) {
  const names = Object.keys(selected);
  if (names.some((n) => !variations.some((v) => v.name === n))) return null;
  const out: { variation: number; option: number }[] = [];
  for (const [vi, v] of variations.entries()) {
    const choice = selected[v.name];
    if (choice === undefined) return null;
    const oi = v.options.findIndex((o) => o.name === choice);
    if (oi < 0) return null;
    out.push({ variation: vi, option: oi });
  }
  return out;
}

/**
 * The unit price of a post with these options chosen (its price plus their price changes, never
 * below 0), or null when the choice leaves a variation unchosen or names no option of it. The
 * same rule as a cart line's (offers price one choice of a post, docs/decisions/076).
 */
export function optionPriceMinor(
  post: { priceMinor: number; variations: StoredVariation[] },
  selected: Record<string, string>,
): number | null {
  const chosen = chosenOptions(post.variations, selected);
  if (!chosen) return null;
  const price = chosen.reduce(
    (sum, c) => sum + post.variations[c.variation]!.options[c.option]!.priceDeltaMinor,
    post.priceMinor,
  );
  return Math.max(0, price);
}
