import type { Product } from '../../../../shared/contracts/catalog';
import { TagLinks } from './TagLinks';

/** The tags a seller's posts carry (on their page), most used first. */
export function sellerTags(products: readonly Product[]): string[] {
  const counts = new Map<string, number>();
  for (const p of products) for (const t of p._tags) counts.set(t, (counts.get(t) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([t]) => t);
}

export function SellerTags({
  tags,
  username,
  current,
}: {
  tags: readonly string[];
  username: string;
  current?: string;
}) {
  return <TagLinks tags={tags} username={username} current={current} label="Tags of this seller" />;
}
