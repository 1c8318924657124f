import { eq, sql } from 'drizzle-orm';
import type { Site, SiteQuery } from '../../../shared/contracts/sites';
import { isUuid } from '../../../shared/contracts/common';
import { notFound, type ModuleDeps } from '../core';
import { sites, users, type SiteRow } from '../../db/schema';
import { imageOf } from '../../../shared/contracts/common';

type Reader = Pick<ModuleDeps, 'db'>;

export function toSite(row: SiteRow, username: string): Site {
  return {
    _id: row.id,
    name: row.name,
    domainName: row.domainName,
    description: row.description,
    image: imageOf(row.imageThumbnail, row.imageFullsize),
    headerBackgroundColor: row.headerBackgroundColor,
    headerTextColor: row.headerTextColor,
    footerBackgroundColor: row.footerBackgroundColor,
    footerTextColor: row.footerTextColor,
    headerBranding: row.headerBranding,
    backgroundColor: row.backgroundColor,
    textColor: row.textColor,
    buttonBackgroundColor: row.buttonBackgroundColor,
    buttonTextColor: row.buttonTextColor,
    fontFamily: row.fontFamily,
    fontScale: row.fontScale,
    username,
  };
}

const siteNotFound = () => notFound('This site could not be found.', 'SITE_NOT_FOUND');

/** The site of a user id, or undefined (every account has one; a deleted account has none). */
export async function findSiteByUserId(deps: Reader, userId: string): Promise<Site | undefined> {
  if (!isUuid(userId)) return undefined;
  const [row] = await deps.db
    .select({ site: sites, username: users.username })
    .from(sites)
    .innerJoin(users, eq(users.id, sites.userId))
    .where(eq(sites.userId, userId))
    .limit(1);
  return row ? toSite(row.site, row.username) : undefined;
}

export async function findSiteByUsername(deps: Reader, username: string): Promise<Site | undefined> {
  const [row] = await deps.db
    .select({ site: sites, username: users.username })
    .from(sites)
    .innerJoin(users, eq(users.id, sites.userId))
    .where(sql`lower(${users.username}) = ${username.trim().toLowerCase()}`)
    .limit(1);
  return row ? toSite(row.site, row.username) : undefined;
}

/** GET /sites?username= | ?user_id= (public). */
export async function getSite(deps: Reader, query: SiteQuery): Promise<Site> {
  const site = query.user_id
    ? await findSiteByUserId(deps, query.user_id)
    : await findSiteByUsername(deps, query.username ?? '');
  if (!site) throw siteNotFound();
  return site;
}

/** GET /sites/mine. */
export async function getMySite(deps: Reader, userId: string): Promise<Site> {
  const site = await findSiteByUserId(deps, userId);
  if (!site) throw siteNotFound();
  return site;
}
