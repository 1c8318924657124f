import { and, asc, eq, gte, isNotNull, lt, sql } from 'drizzle-orm';
import { sites, users } from '../../db/schema';
import type { ModuleDeps } from '../core';

type Reader = Pick<ModuleDeps, 'db'>;

/** A public site as the sitemap lists it. */
export interface SitemapSite {
  username: string;
  /** The later of the site's and its owner's last change (the page shows both). */
  updatedAt: Date;
}

const lowerUsername = sql<string>`lower(${users.username})`;
/** Every account has a site; it is public while the owner is active and activated. */
const isPublic = and(eq(users.status, 'active'), isNotNull(users.activatedAt))!;

/**
 * The sitemap splits the public sites into pages of `pageSize` in username order: this gives the
 * first (lower-case) username of each page, from one pass over the username index, so each page
 * is then read as a range of that index instead of by offset.
 */
export async function sitemapSitePageStarts(deps: Reader, pageSize: number): Promise<string[]> {
  const numbered = deps.db
    .select({
      name: lowerUsername.as('name'),
      n: sql<number>`row_number() over (order by lower(${users.username}))`.as('n'),
    })
    .from(users)
    .where(isPublic)
    .as('numbered');
  const rows = await deps.db
    .select({ name: numbered.name })
    .from(numbered)
    .where(sql`(${numbered.n} - 1) % ${pageSize} = 0`)
    .orderBy(numbered.n);
  return rows.map((r) => r.name);
}

/**
 * The public sites whose (lower-case) username is from `from` up to (not including) `to`, in
 * username order, at most `limit` (null bounds: from the first, to the last).
 */
export async function listSitemapSites(
  deps: Reader,
  range: { from: string | null; to: string | null },
  limit: number,
): Promise<SitemapSite[]> {
  return deps.db
    .select({
      username: users.username,
      updatedAt: sql<Date>`greatest(${sites.updatedAt}, ${users.updatedAt})`.mapWith(
        sites.updatedAt,
      ),
    })
    .from(users)
    .innerJoin(sites, eq(sites.userId, users.id))
    .where(
      and(
        isPublic,
        range.from === null ? undefined : gte(lowerUsername, range.from),
        range.to === null ? undefined : lt(lowerUsername, range.to),
      ),
    )
    .orderBy(asc(lowerUsername))
    .limit(limit);
}
