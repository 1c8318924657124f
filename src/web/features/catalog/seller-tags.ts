import type { Product } from '../../../shared/contracts/catalog';

/** The tags a seller's posts carry (for their page), most used first. Loaders call it. */
export function sellerTags(products: readonly Product[]): string[] {
  const counts = new Map<string, number>();
  for (const p of products) for (const t of p._tags) counts.set(t, (counts.get(t) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([t]) => t);
}
