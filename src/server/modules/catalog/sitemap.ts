import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import { products, users } from '../../db/schema';
import type { ModuleDeps } from '../core';
import { isPublished } from './list';

type Reader = Pick<ModuleDeps, 'db'>;

/** A published post as the sitemap lists it. */
export interface SitemapPost {
  id: string;
  shortId: string;
  title: string;
  username: string;
  updatedAt: Date;
}

/** A place in the oldest-first order of posts: a creation time (full precision, as text) and an id. */
export interface SitemapPostStart {
  createdAt: string;
  id: string;
}

/** Published posts of active, activated sellers: what the public pages show. */
const isListed = and(isPublished, eq(users.status, 'active'), isNotNull(users.activatedAt))!;
const position = sql`(${products.createdAt}, ${products.id})`;
const at = (start: SitemapPostStart) => sql`(${start.createdAt}::timestamptz, ${start.id}::uuid)`;

/**
 * The sitemap splits the published posts into pages of `pageSize`, oldest first (new posts land on
 * the last page; the others keep their contents): this gives where each page starts, from one
 * ordered pass over the published posts (no join), so each page is then read as a range of the
 * creation-order index instead of by offset. The time stays text: a JavaScript Date would drop
 * PostgreSQL's microseconds and miss the row.
 */
export async function sitemapPostPageStarts(
  deps: Reader,
  pageSize: number,
): Promise<SitemapPostStart[]> {
  const numbered = deps.db
    .select({
      createdAt: sql<string>`${products.createdAt}::text`.as('created_at_text'),
      id: products.id,
      n: sql<number>`row_number() over (order by ${products.createdAt}, ${products.id})`.as('n'),
    })
    .from(products)
    .where(isPublished)
    .as('numbered');
  return deps.db
    .select({ createdAt: numbered.createdAt, id: numbered.id })
    .from(numbered)
    .where(sql`(${numbered.n} - 1) % ${pageSize} = 0`)
    .orderBy(numbered.n);
}

/**
 * The listed posts from `from` up to (not including) `to`, oldest first, at most `limit` (null
 * bounds: from the first, to the last). A page shows fewer than its share when some of its posts'
 * sellers are suspended, or posts were unpublished since the page starts were taken.
 */
export async function listSitemapPosts(
  deps: Reader,
  range: { from: SitemapPostStart | null; to: SitemapPostStart | null },
  limit: number,
): Promise<SitemapPost[]> {
  return deps.db
    .select({
      id: products.id,
      shortId: products.shortId,
      title: products.title,
      username: users.username,
      updatedAt: products.updatedAt,
    })
    .from(products)
    .innerJoin(users, eq(users.id, products.userId))
    .where(
      and(
        isListed,
        range.from ? sql`${position} >= ${at(range.from)}` : undefined,
        range.to ? sql`${position} < ${at(range.to)}` : undefined,
      ),
    )
    .orderBy(asc(products.createdAt), asc(products.id))
    .limit(limit);
}
