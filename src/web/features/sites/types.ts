import type { SiteBranding } from '../../lib/site-theme';

/** A user's public site (SPEC §3 Site) as the user-site layout needs it. */
export interface PublicSite extends SiteBranding {
  _id: string;
  name: string;
  description?: string | null;
  domainName?: string | null;
  [key: string]: unknown;
}

/** Loader data of the `:username` layout route: a user's site, or the /index-{product}bio landing. */
export type UserSiteData =
  | { kind: 'landing'; product: string }
  | { kind: 'site'; site: PublicSite; username: string; variant: 'default' | 'x' };

/** Route id of the `:username` layout (React Router derives it from the file path). */
export const USER_SITE_ROUTE_ID = 'layouts/user-site';
