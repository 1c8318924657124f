import { sql } from 'drizzle-orm';
import type { ProductStatus } from '../../../shared/contracts/catalog-rules';
import { tags } from '../../db/schema';
import type { DbOrTx } from '../core';

/**
 * What of a post decides the tag counts: its status, its tags and whether its seller is suspended
 * (null: the post does not exist). A post counts while it is published and not hidden.
 */
export interface TagCountState {
  status: ProductStatus;
  tags: readonly string[];
  /** Left out: as before the write (a post's own writes never change it; setSellerPostsHidden does). */
  sellerHidden?: boolean;
}

const countedTags = (state: TagCountState | null, hidden: boolean): Set<string> =>
  new Set(state && state.status === 'published' && !hidden ? state.tags : []);

/**
 * Keeps `tags.published_count` true across a post write, in the writer's transaction: tags the
 * post newly carries while published gain one, tags it stops carrying lose one. New tags join the
 * vocabulary. Rows are touched in name order so concurrent writers cannot deadlock on them.
 */
export async function updateTagCounts(
  db: DbOrTx,
  before: TagCountState | null,
  after: TagCountState | null,
): Promise<void> {
  const hiddenBefore = before?.sellerHidden ?? false;
  const was = countedTags(before, hiddenBefore);
  const now = countedTags(after, after?.sellerHidden ?? hiddenBefore);
  const everyTag = new Set([...(after?.tags ?? [])]);
  const deltas = new Map<string, number>();
  for (const tag of now) if (!was.has(tag)) deltas.set(tag, 1);
  for (const tag of was) if (!now.has(tag)) deltas.set(tag, -1);
  // Tags a draft uses join the vocabulary too (with no published posts yet).
  for (const tag of everyTag) if (!deltas.has(tag) && !was.has(tag)) deltas.set(tag, 0);
  await applyTagDeltas(db, deltas);
}

/**
 * Adds each delta to its tag's published count (new tags join the vocabulary), rows in name order
 * so concurrent writers cannot deadlock on them; a count never goes below zero.
 */
export async function applyTagDeltas(
  db: DbOrTx,
  deltas: ReadonlyMap<string, number>,
): Promise<void> {
  const rows = [...deltas.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  if (rows.length === 0) return;
  // The proposed row carries the delta: a new tag starts at it, an existing one adds it. A
  // negative delta always meets an existing row (the posts were counted under that tag before).
  await db
    .insert(tags)
    .values(rows.map(([name, delta]) => ({ name, publishedCount: delta })))
    .onConflictDoUpdate({
      target: tags.name,
      set: { publishedCount: sql`greatest(${tags.publishedCount} + excluded.published_count, 0)` },
    });
}
