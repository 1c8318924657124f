import { eq } from 'drizzle-orm';
import type { MySite, SiteUpdate } from '../../../shared/contracts/sites';
import { SITE_COLOR_FIELDS } from '../../../shared/contracts/site-rules';
import { sites, type SiteRow } from '../../db/schema';
import {
  announceChange,
  deleteFilesLater,
  inTransaction,
  nowDate,
  uniqueViolation,
  validationError,
  type DbOrTx,
  type ModuleDeps,
} from '../core';
import { domainVerifiedElsewhere, lockDomain, recheckHolderSoon, verifiedHolder } from './claims';
import { isMarketplaceDomain, newDomainToken } from './domain';
import { getMySite, siteNotFound } from './read';
import { requirePlanAllows } from '../entitlements';

/** Completes "Your Free plan does not let you …". */
export const CUSTOM_DOMAIN = 'use your own domain name';

/** The owner's site row, locked until the transaction ends (two saves never interleave). */
export async function lockSiteOf(db: DbOrTx, userId: string): Promise<SiteRow> {
  const [row] = await db
    .select()
    .from(sites)
    .where(eq(sites.userId, userId))
    .limit(1)
    .for('update');
  if (!row) throw siteNotFound();
  return row;
}

/** Refuses a domain that is the marketplace's own (checked before anything is locked). */
function checkDomainAllowed(deps: Pick<ModuleDeps, 'env'>, domain: string | null | undefined) {
  if (!domain || !isMarketplaceDomain(deps, domain)) return;
  const message = `${domain} belongs to this marketplace. Use a domain you own, such as shop.example.com.`;
  throw validationError(message, 'DOMAIN_NOT_ALLOWED', [{ path: ['domainName'], message }]);
}

/**
 * The domain columns after a change of `domainName`: a new domain starts unverified with a fresh
 * token (a token proves control of one domain only); the same domain again keeps its token and
 * status; null removes everything. Saving another domain (or none) also clears the note about a
 * domain lost earlier: the owner has moved on.
 */
function domainColumns(current: SiteRow, next: string | null | undefined): Partial<SiteRow> {
  if (next === undefined || next === current.domainName) return {};
  return {
    domainName: next,
    domainToken: next === null ? null : newDomainToken(),
    domainVerifiedAt: null,
    domainCheckedAt: null,
    domainLastError: null,
    domainProofMissingSince: null,
    domainLostName: null,
    domainLostReason: null,
    domainLostAt: null,
  };
}

/** The fields of the request that map one-to-one onto columns. */
function brandingColumns(input: SiteUpdate): Partial<SiteRow> {
  const columns: Partial<SiteRow> = {};
  if (input.name !== undefined) columns.name = input.name;
  if (input.description !== undefined) columns.description = input.description;
  if (input.headerBranding !== undefined) columns.headerBranding = input.headerBranding;
  if (input.fontFamily !== undefined) columns.fontFamily = input.fontFamily;
  if (input.fontScale !== undefined) columns.fontScale = input.fontScale;
  // Stored windows are instants: a new zone changes how they read, not when they open.
  if (input.timeZone !== undefined) columns.timeZone = input.timeZone;
  for (const field of SITE_COLOR_FIELDS) {
    const value = input[field];
    if (value !== undefined) columns[field] = value;
  }
  return columns;
}

/**
 * PUT /sites: the owner changes any Site field of their own site (there is no id to name anyone
 * else's). Colours, font and scale arrive checked by the contract; the domain arrives normalised
 * and is checked here against the marketplace's own host and against a site that holds it verified
 * (a pending claim of another site never blocks: docs/decisions/049). `image: null` removes the logo and
 * queues its files for deletion in the same transaction.
 */
export async function updateSite(
  deps: ModuleDeps,
  userId: string,
  input: SiteUpdate,
): Promise<MySite> {
  checkDomainAllowed(deps, input.domainName);
  // Set inside the transaction when a verified holder refuses the claim (checked after it).
  let holderToRecheck = null as string | null;
  try {
    await inTransaction(deps, async (tx) => {
      // The domain's lock before the row's, as every path that decides who holds it takes them.
      if (input.domainName) await lockDomain(tx.db, input.domainName);
      const current = await lockSiteOf(tx.db, userId);
      const domain = domainColumns(current, input.domainName);
      if (domain.domainName) {
        // A new domain needs a plan that includes one (docs/decisions/032); removing one, or
        // saving the page with the domain it already has, never does.
        await requirePlanAllows(tx, userId, CUSTOM_DOMAIN, (limits) => limits.customDomain);
        const holder = await verifiedHolder(tx.db, domain.domainName, current.id);
        if (holder) {
          holderToRecheck = holder.userId;
          throw domainVerifiedElsewhere(domain.domainName);
        }
      }
      const removeLogo =
        input.image === null && (current.imageFullsize !== null || current.imageKeys.length > 0);
      await tx.db
        .update(sites)
        .set({
          ...brandingColumns(input),
          ...domain,
          ...(removeLogo && { imageThumbnail: null, imageFullsize: null, imageKeys: [] }),
          updatedAt: nowDate(deps),
        })
        .where(eq(sites.id, current.id));
      if (removeLogo) await deleteFilesLater(tx, current.imageKeys);
    });
  } catch (err) {
    // The claim is refused, but the holder's proof is looked at again: if they no longer control
    // the domain, its grace period starts and the claimant can have it after.
    if (holderToRecheck && input.domainName) await recheckHolderSoon(deps, holderToRecheck, input.domainName);
    // Only the one-verified-site-per-domain index could break here (a domain verified outside
    // the domain's lock): the other site holds it.
    if (uniqueViolation(err) !== null && input.domainName) throw domainVerifiedElsewhere(input.domainName);
    throw err;
  }
  // The page, its share image and every cached copy of them show the new branding.
  announceChange(deps, { kind: 'site', userIds: [userId] });
  return getMySite(deps, userId);
}
