export { siteDefaults } from './defaults';
export { findSiteByUserId, findSiteByUsername, getMySite, getSite, toSite } from './read';
