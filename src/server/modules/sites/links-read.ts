import { and, asc, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { MySiteLink, PublicSiteLink, SiteLinkPost } from '../../../shared/contracts/site-links';
import { toMajor } from '../../../shared/money';
import { postPath } from '../../../shared/post-path';
import { detectLinkIcon, linkHref, windowPhase } from '../../../shared/site-links';
import { addDays, instantToZonedTime, zonedDay } from '../../../shared/time-zone';
import { products, siteLinkClicks, siteLinks, type ProductRow, type SiteLinkRow } from '../../db/schema';
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
  /** The owner's username: a post link shows its post's address. */
  username: string;
}

/** Open at `now`: no start or started, no end or not ended (an end is the first instant it is hidden). */
export const windowOpenSql = (now: Date) =>
  and(
    or(isNull(siteLinks.showFrom), lte(siteLinks.showFrom, now)),
    or(isNull(siteLinks.showUntil), gt(siteLinks.showUntil, now)),
  )!;

/** Whether a link is shown at `now` (windowOpenSql's rule, for rows already read). */
export function isLive(row: SiteLinkRow, now: Date, postPublic: boolean): boolean {
  if (!row.enabled || windowPhase(row.showFrom, row.showUntil, now) !== 'open') return false;
  return row.postId === null || postPublic;
}

/** The columns of a post link's post (one left join with the links, never a query per link). */
const linkPostColumns = {
  id: products.id,
  title: products.title,
  shortId: products.shortId,
  priceMinor: products.priceMinor,
  stock: products.stock,
  status: products.status,
  medias: products.medias,
};
type LinkPostRow = Pick<ProductRow, 'id' | 'title' | 'shortId' | 'priceMinor' | 'stock' | 'status' | 'medias'>;

/** A post link's post as a card shows it: its first picture (the smallest thumbnail), its price. */
function toLinkPost(post: LinkPostRow | null, username: string): SiteLinkPost | null {
  if (!post) return null;
  const picture = post.medias.find((m) => m.type === 'image' && m.thumbnails.length > 0);
  return {
    title: post.title,
    path: postPath(username, post),
    price: toMajor(post.priceMinor),
    soldOut: post.stock <= 0 || post.status === 'sold',
    thumbnail: picture?.thumbnails[0]?.url ?? null,
    alt: picture?.alt ?? '',
  };
}

/** The owner's post a link opens, joined beside the link (null for other links). */
const joinLinkPost = (userId: string) =>
  and(eq(products.id, siteLinks.postId), eq(products.userId, userId));

function toPublicLink(row: SiteLinkRow, post: LinkPostRow | null, username: string): PublicSiteLink {
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
    post: toLinkPost(post, username),
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
    .select({ link: siteLinks, post: linkPostColumns })
    .from(siteLinks)
    .leftJoin(products, joinLinkPost(site.userId))
    .where(
      and(
        eq(siteLinks.siteId, site.id),
        eq(siteLinks.enabled, true),
        windowOpenSql(now),
        postPublicSql(site.userId),
      ),
    )
    .orderBy(asc(siteLinks.position));
  return rows.map(({ link, post }) => toPublicLink(link, post, site.username));
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
    .select({ link: siteLinks, post: linkPostColumns, last7, last30, postPublic: postPublicSql(site.userId) })
    .from(siteLinks)
    .leftJoin(products, joinLinkPost(site.userId))
    .where(eq(siteLinks.siteId, site.id))
    .orderBy(asc(siteLinks.position));
  const zoned = (d: Date | null) => (d ? instantToZonedTime(d, site.timeZone) : null);
  return rows.map(({ link, post, postPublic, ...clicks }) => ({
    ...toPublicLink(link, post, site.username),
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
