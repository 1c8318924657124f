import { and, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import { isUuid } from '../../../shared/contracts/common';
import { USERNAME_MAX } from '../../../shared/contracts/account-rules';
import { sites, users } from '../../db/schema';
import type { ModuleDeps } from '../core';

/** What a share image needs of a public site: its text, colours and the stored key of its logo. */
export interface SiteShareCard {
  siteId: string;
  userId: string;
  username: string;
  name: string;
  description: string;
  headerBackgroundColor: string;
  headerTextColor: string;
  buttonBackgroundColor: string;
  buttonTextColor: string;
  /** The logo's largest stored variant (keeps its shape), or null without a logo. */
  logoKey: string | null;
  updatedAt: Date;
}

/**
 * The share-card data of a public site (owner active and activated), by the owner's username
 * (case-insensitive) or id; undefined for anyone else. One indexed read.
 */
export async function findSiteShareCard(
  deps: Pick<ModuleDeps, 'db' | 'storage'>,
  by: { username: string } | { userId: string },
): Promise<SiteShareCard | undefined> {
  let where: SQL;
  if ('userId' in by) {
    if (!isUuid(by.userId)) return undefined;
    where = eq(sites.userId, by.userId);
  } else {
    const username = by.username.trim().toLowerCase();
    if (!username || username.length > USERNAME_MAX) return undefined;
    where = sql`lower(${users.username}) = ${username}`;
  }
  const [row] = await deps.db
    .select({ site: sites, username: users.username })
    .from(sites)
    .innerJoin(users, eq(users.id, sites.userId))
    .where(and(where, eq(users.status, 'active'), isNotNull(users.activatedAt)))
    .limit(1);
  if (!row) return undefined;
  const { site } = row;
  // The stored URLs are the storage's public URLs of the logo's keys [thumbnail, fullsize]: find the
  // key back; if the storage's public address changed since, the keys' order still tells them apart.
  const keyOf = (url: string | null) =>
    url ? site.imageKeys.find((k) => deps.storage.publicUrl(k) === url) : undefined;
  const hasLogo = Boolean(site.imageFullsize || site.imageThumbnail);
  return {
    siteId: site.id,
    userId: site.userId,
    username: row.username,
    name: site.name,
    description: site.description,
    headerBackgroundColor: site.headerBackgroundColor,
    headerTextColor: site.headerTextColor,
    buttonBackgroundColor: site.buttonBackgroundColor,
    buttonTextColor: site.buttonTextColor,
    logoKey: hasLogo
      ? (keyOf(site.imageFullsize) ?? keyOf(site.imageThumbnail) ?? site.imageKeys.at(-1) ?? null)
      : null,
    updatedAt: site.updatedAt,
  };
}
