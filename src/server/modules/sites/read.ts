import { and, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { MySite, PublicSite, Site, SiteQuery, SiteWithOwner } from '../../../shared/contracts/sites';
import { isUuid, imageOf } from '../../../shared/contracts/common';
import { notFound, type DbOrTx, type ModuleDeps } from '../core';
import { follows, products, sites, users, type SiteRow, type UserRow } from '../../db/schema';
import { siteDomain } from './domain';
import { planAllowsSql } from '../entitlements';
import { readOwnerLinks, readPublicLinks } from './links-read';

type Reader = Pick<ModuleDeps, 'db'>;
type TimedReader = Pick<ModuleDeps, 'db' | 'now'>;

/** The Site of SPEC §3 as the API shows it; `domainName` only once verified unless `asOwner`. */
export function toSite(row: SiteRow, username: string, asOwner = true): Site {
  return {
    _id: row.id,
    name: row.name,
    domainName: asOwner || row.domainVerifiedAt ? row.domainName : null,
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
    timeZone: row.timeZone,
    username,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export const siteNotFound = () => notFound('This site could not be found.', 'SITE_NOT_FOUND');

/** A site is public while its owner's account is activated and not suspended. */
export const isPublicOwner = (user: Pick<UserRow, 'status' | 'activatedAt'>) =>
  user.status === 'active' && user.activatedAt !== null;

const publicOwnerSql = and(eq(users.status, 'active'), isNotNull(users.activatedAt))!;

/** Published posts of the owner (one indexed count, in the same statement as the site). */
const postsCount = sql<number>`(select count(*)::int from ${products} where ${products.userId} = ${users.id} and ${products.status} = 'published')`;

/** Follower and following counts (the follows indexes: followee, and the key's follower first). */
const followersCount = sql<number>`(select count(*)::int from ${follows} where ${follows.followeeId} = ${users.id})`;
const followingCount = sql<number>`(select count(*)::int from ${follows} where ${follows.followerId} = ${users.id})`;

async function selectSite(db: DbOrTx, where: SQL) {
  const [row] = await db
    .select({ site: sites, user: users, postsCount, followersCount, followingCount })
    .from(sites)
    .innerJoin(users, eq(users.id, sites.userId))
    .where(where)
    .limit(1);
  return row;
}

function toPublicSite(row: NonNullable<Awaited<ReturnType<typeof selectSite>>>, asOwner: boolean): SiteWithOwner {
  const { site, user } = row;
  return {
    ...toSite(site, user.username, asOwner),
    owner: {
      _id: user.id,
      username: user.username,
      name: user.name,
      bio: user.bio,
      link: user.link,
      image: imageOf(user.imageThumbnail, user.imageFullsize),
      likesCount: user.likesCount,
      postsCount: Number(row.postsCount),
      followersCount: Number(row.followersCount),
      followingCount: Number(row.followingCount),
    },
  };
}

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

/** A public site by its owner's username (case-insensitive), or undefined. */
export async function findPublicSiteByUsername(deps: Reader, username: string): Promise<SiteWithOwner | undefined> {
  const row = await selectSite(
    deps.db,
    and(sql`lower(${users.username}) = ${username.trim().toLowerCase()}`, publicOwnerSql)!,
  );
  return row ? toPublicSite(row, false) : undefined;
}

/**
 * The public site whose verified custom domain is `host` (already normalised: lower case, no
 * port), or undefined — unknown and not-yet-verified domains, and domains whose owner's plan
 * does not include one, fall back to the marketplace.
 */
export async function findSiteByDomain(
  deps: Pick<ModuleDeps, 'db' | 'now'>,
  host: string,
): Promise<SiteWithOwner | undefined> {
  if (!host || host.length > 253) return undefined;
  const row = await selectSite(
    deps.db,
    and(
      eq(sites.domainName, host),
      isNotNull(sites.domainVerifiedAt),
      publicOwnerSql,
      // Only while the owner's plan includes a custom domain (docs/decisions/032): after a
      // downgrade the domain stays saved (and verified) but is not served until they upgrade.
      planAllowsSql(deps.now(), (limits) => limits.customDomain),
    )!,
  );
  return row ? toPublicSite(row, false) : undefined;
}

/** GET /sites?username= | ?user_id= (public): the site of an active, activated user, and its live links. */
export async function getSite(deps: TimedReader, query: SiteQuery): Promise<PublicSite> {
  const row = query.user_id
    ? await selectSite(deps.db, and(eq(sites.userId, query.user_id), publicOwnerSql)!)
    : await selectSite(
        deps.db,
        and(sql`lower(${users.username}) = ${(query.username ?? '').trim().toLowerCase()}`, publicOwnerSql)!,
      );
  if (!row) throw siteNotFound();
  const links = await readPublicLinks(deps, { ...row.site, username: row.user.username });
  return { ...toPublicSite(row, false), links };
}

/** GET /sites/mine (and the answer of every owner's write): with the domain's status. */
export async function getMySite(deps: Pick<ModuleDeps, 'db' | 'env' | 'now'>, userId: string): Promise<MySite> {
  const row = await selectSite(deps.db, eq(sites.userId, userId));
  if (!row) throw siteNotFound();
  const links = await readOwnerLinks(deps, { ...row.site, username: row.user.username });
  return { ...toPublicSite(row, true), domain: siteDomain(deps, row.site), links };
}
