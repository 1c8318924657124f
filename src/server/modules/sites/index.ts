// The sites module's public surface: each account's branded page at /{username}.
export { createSite } from './create';
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
export { findSiteShareCard, type SiteShareCard } from './share-card';
export { listSitemapSites, sitemapSitePageStarts, type SitemapSite } from './sitemap';
