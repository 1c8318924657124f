// The sites module's public surface: each account's branded page at /{username}.
import type { JobDefinition } from '../core';
import { domainMailJob } from './domain-mail';
import { domainRecheckJob } from './domain-recheck';
import { domainSweepJob } from './domain-sweep';

/**
 * Custom domains' background work (docs/decisions/049): owners' mails, proofs checked again
 * (daily, and when something asks), and the daily sweep that starts any missing daily check.
 */
export const siteJobs: readonly JobDefinition[] = [domainMailJob, domainRecheckJob, domainSweepJob];
export { scheduleDomainSweep } from './domain-sweep';
export { sweptCheckDelayMs } from './domain-recheck';
export { createSite } from './create';
export { followOwnerRename } from './follow-rename';
export type { SiteFields } from './defaults';
export {
  findPublicSiteByUsername,
  findSiteByDomain,
  findSiteByUserId,
  getMySite,
  getSite,
  isPublicOwner,
  toSite,
} from './read';
export { updateSite } from './update';
export { replaceSiteLinks } from './links';
export { countLinkClick, findLinkDestination, type LinkDestination } from './link-clicks';
export { attachSiteLogo, storeSiteLogo, uploadSiteLogo } from './logo';
export { verifySiteDomain } from './verify-domain';
export { qrColors, siteQrCode, siteShare, sitePublicUrl, type SiteQrCode } from './qr-code';
export { findSiteShareCard, type SiteShareCard } from './share-card';
export { listSitemapSites, sitemapSitePageStarts, type SitemapSite } from './sitemap';
