import { and, asc, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { MySiteLink, PublicSiteLink } from '../../../shared/contracts/site-links';
import { detectLinkIcon, linkHref } from '../../../shared/site-links';
import { addDays, instantToZonedTime, zonedDay } from '../../../shared/time-zone';
import { products, siteLinkClicks, siteLinks, type SiteLinkRow } from '../../db/schema';
import type { DbOrTx, ModuleDeps } from '../core';

// Reading a seller's links (docs/decisions/065): everyone sees the live ones, the owner all of
// them with their clicks.

/** A post a link may open: one of the owner's that anyone may see. */
export const PUBLIC_POST_STATUSES = ['published', 'sold'] as const;

/** The site's facts a link read needs. */
export interface LinkSite {
  id: string;
  userId: string;
  timeZone: string;
}

/** Open at `now`: no start or started, no end or not ended (an end is the first instant it is hidden). */
export const windowOpenSql = (now: Date) =>
  and(
    or(isNull(siteLinks.showFrom), lte(siteLinks.showFrom, now)),
    or(isNull(siteLinks.showUntil), gt(siteLinks.showUntil, now)),
  )!;

/** Whether a link is shown at `now` (the same rule as windowOpenSql, for rows already read). */
export function isLive(row: SiteLinkRow, now: Date, postPublic: boolean): boolean {
  if (!row.enabled) return false;
  if (row.showFrom && row.showFrom.getTime() > now.getTime()) return false;
  if (row.showUntil && row.showUntil.getTime() <= now.getTime()) return false;
  return row.postId === null || postPublic;
}

function toPublicLink(row: SiteLinkRow): PublicSiteLink {
  return {
    _id: row.id,
    title: row.title,
    href: linkHref(row.id),
    icon: row.icon ?? (row.url ? detectLinkIcon(row.url) : 'link'),
    featured: row.featured,
    social: row.social,
    url: row.url,
    postId: row.postId,
    tag: row.tag,
  };
}

/** A post link's post is one of the owner's public ones. */
const postPublicSql = (userId: string) =>
  sql<boolean>`(${siteLinks.postId} is null or exists (select 1 from ${products} where ${products.id} = ${siteLinks.postId} and ${products.userId} = ${userId} and ${inArray(products.status, [...PUBLIC_POST_STATUSES])}))`;

/** The links visitors see now, in order. */
export async function readPublicLinks(
  deps: Pick<ModuleDeps, 'db' | 'now'>,
  site: LinkSite,
): Promise<PublicSiteLink[]> {
  const now = new Date(deps.now());
  const rows = await deps.db
    .select()
    .from(siteLinks)
    .where(
      and(
        eq(siteLinks.siteId, site.id),
        eq(siteLinks.enabled, true),
        windowOpenSql(now),
        postPublicSql(site.userId),
      ),
    )
    .orderBy(asc(siteLinks.position));
  return rows.map(toPublicLink);
}

/** Every link of the site, in order, with its window in the site's zone and its clicks. */
export async function readOwnerLinks(
  deps: Pick<ModuleDeps, 'now'> & { db: DbOrTx },
  site: LinkSite,
): Promise<MySiteLink[]> {
  const now = new Date(deps.now());
  const today = zonedDay(now, site.timeZone);
  const from7 = addDays(today, -6);
  const from30 = addDays(today, -29);
  const last7 = sql<number>`coalesce((select sum(${siteLinkClicks.count}) from ${siteLinkClicks} where ${siteLinkClicks.linkId} = ${siteLinks.id} and ${siteLinkClicks.day} >= ${from7} and ${siteLinkClicks.day} <= ${today}), 0)::int`;
  const last30 = sql<number>`coalesce((select sum(${siteLinkClicks.count}) from ${siteLinkClicks} where ${siteLinkClicks.linkId} = ${siteLinks.id} and ${siteLinkClicks.day} >= ${from30} and ${siteLinkClicks.day} <= ${today}), 0)::int`;
  const rows = await deps.db
    .select({ link: siteLinks, last7, last30, postPublic: postPublicSql(site.userId) })
    .from(siteLinks)
    .where(eq(siteLinks.siteId, site.id))
    .orderBy(asc(siteLinks.position));
  const zoned = (d: Date | null) => (d ? instantToZonedTime(d, site.timeZone) : null);
  return rows.map(({ link, postPublic, ...clicks }) => ({
    ...toPublicLink(link),
    iconChoice: link.icon,
    enabled: link.enabled,
    showFrom: zoned(link.showFrom),
    showUntil: zoned(link.showUntil),
    showFromAt: link.showFrom?.toISOString() ?? null,
    showUntilAt: link.showUntil?.toISOString() ?? null,
    live: isLive(link, now, Boolean(postPublic)),
    clicks: { last7: Number(clicks.last7), last30: Number(clicks.last30) },
    createdAt: link.createdAt.toISOString(),
    updatedAt: link.updatedAt.toISOString(),
  }));
}
