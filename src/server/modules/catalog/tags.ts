import { desc, gt, or, sql } from 'drizzle-orm';
import type { Tag } from '../../../shared/contracts/catalog';
import { tags } from '../../db/schema';
import { nowDate, validationError, type ModuleDeps } from '../core';
import { cachedList, invalidateCatalog } from './cache';
import type { Actor } from './ownership';

/**
 * GET /tags — the vocabulary offered to buyers and sellers: tags admins added and tags carried by
 * at least one published post, most used first. One read of the small `tags` table (its counts
 * are kept by every post write); tags only drafts use stay out until a post with them is published.
 * Cached with the public lists (cache.ts: dropped by the same writes, which are the ones that change
 * the counts): every page in the default layout lists the tags in its header, `/marketplace` twice.
 */
export async function listTags(deps: Pick<ModuleDeps, 'db' | 'env' | 'now'>): Promise<{ tags: Tag[] }> {
  return cachedList(deps, 'tags', async () => {
    const rows = await deps.db
      .select({ name: tags.name, count: tags.publishedCount })
      .from(tags)
      .where(or(tags.curated, gt(tags.publishedCount, 0)))
      .orderBy(desc(tags.publishedCount), tags.name);
    return { tags: rows };
  });
}

/**
 * POST /tags (admin): adds a curated tag. Adding one that exists marks it curated and answers it
 * as it is (idempotent: the admin page may submit twice). `userId`, when sent, must be the caller.
 */
export async function addTag(
  deps: ModuleDeps,
  actor: Actor,
  input: { userId?: string; tag: string },
): Promise<{ tag: Tag }> {
  if (input.userId !== undefined && input.userId !== actor.id) {
    throw validationError('userId must be your own id (or left out): tags are added in your name.');
  }
  const [row] = await deps.db
    .insert(tags)
    .values({ name: input.tag, curated: true, createdBy: actor.id, createdAt: nowDate(deps) })
    .onConflictDoUpdate({ target: tags.name, set: { curated: sql`true` } })
    .returning({ name: tags.name, count: tags.publishedCount });
  // A curated tag shows in every tag list, the marketplace's and each seller's.
  invalidateCatalog(deps, null);
  return { tag: row! };
}
