import { and, eq, inArray, sql } from 'drizzle-orm';
import { isUuid } from '../../../shared/contracts/common';
import { postPath } from '../../../shared/post-path';
import { tagPath } from '../../../shared/tags';
import { zonedDay } from '../../../shared/time-zone';
import { products, siteLinkClicks, siteLinks, sites, users } from '../../db/schema';
import type { ModuleDeps } from '../core';
import { PUBLIC_POST_STATUSES, windowOpenSql } from './links-read';
import { isPublicOwner } from './read';

// The counted redirect GET /l/{linkId} (docs/decisions/065): where a live link goes, and its
// click counted as one more on the day — nothing about the visitor is kept.

/**
 * A stored URL as a Location header may carry it: a web address in the parser's encoded form
 * (punycode host, %-escaped path), others with anything outside printable ASCII %-escaped.
 */
function headerSafe(url: string): string | null {
  try {
    if (/^https?:/i.test(url)) return new URL(url).href;
    return url.replace(/[^\x21-\x7e]/gu, (c) => encodeURIComponent(c));
  } catch {
    return null;
  }
}

/** A live link and what counting its click needs. */
export interface LinkDestination {
  linkId: string;
  /** The URL, or the path of the owner's post or tag page. */
  location: string;
  ownerId: string;
  timeZone: string;
  /** The owner's post it leads to (a post link), for insights. */
  postId: string | null;
}

/**
 * Where link `linkId` sends a visitor now, or undefined when it must answer 404: unknown or
 * malformed id, a link turned off, outside its window, of a seller whose page is not public, or
 * whose post is no longer public. `ownerId` (a seller's own domain) limits it to that seller's links.
 */
export async function findLinkDestination(
  deps: Pick<ModuleDeps, 'db' | 'now'>,
  linkId: string,
  ownerId?: string,
): Promise<LinkDestination | undefined> {
  if (!isUuid(linkId)) return undefined;
  const now = new Date(deps.now());
  const [row] = await deps.db
    .select({
      link: siteLinks,
      timeZone: sites.timeZone,
      owner: { id: users.id, username: users.username, status: users.status, activatedAt: users.activatedAt },
      post: { title: products.title, shortId: products.shortId },
    })
    .from(siteLinks)
    .innerJoin(sites, eq(sites.id, siteLinks.siteId))
    .innerJoin(users, eq(users.id, sites.userId))
    .leftJoin(
      products,
      and(
        eq(products.id, siteLinks.postId),
        eq(products.userId, users.id),
        inArray(products.status, [...PUBLIC_POST_STATUSES]),
      ),
    )
    .where(and(eq(siteLinks.id, linkId.toLowerCase()), eq(siteLinks.enabled, true), windowOpenSql(now)))
    .limit(1);
  if (!row || !isPublicOwner(row.owner)) return undefined;
  if (ownerId !== undefined && row.owner.id !== ownerId) return undefined;
  const { link, owner } = row;
  let location = link.url ? headerSafe(link.url) : null;
  if (link.postId) location = row.post?.shortId ? postPath(owner.username, row.post) : null;
  else if (link.tag)
    location = tagPath(link.tag, owner.username);
  if (!location) return undefined;
  // On the seller's own pages the link names itself, so a sale from there is credited to it
  // (docs/decisions/071); the pages ignore the parameter (not part of the render cache's key).
  if (!link.url) location = `${location}?link=${link.id}`;
  return { linkId: link.id, location, ownerId: owner.id, timeZone: row.timeZone, postId: link.postId };
}

/** One more click of a link today (the site's day): one upsert, no row per visitor. */
export async function countLinkClick(
  deps: Pick<ModuleDeps, 'db' | 'now'>,
  link: Pick<LinkDestination, 'linkId' | 'timeZone'>,
): Promise<void> {
  const day = zonedDay(new Date(deps.now()), link.timeZone);
  await deps.db
    .insert(siteLinkClicks)
    .values({ linkId: link.linkId, day, count: 1 })
    .onConflictDoUpdate({
      target: [siteLinkClicks.linkId, siteLinkClicks.day],
      set: { count: sql`${siteLinkClicks.count} + 1` },
    });
}
