import type { PublicSite as Site } from '../../../shared/contracts/sites';
import type { SiteTheme } from './site-theme';

/** Loader data of the `:username` layout route: a user's site, or the /index-{product}bio landing. */
export type UserSiteData =
  | { kind: 'landing'; product: string }
  | { kind: 'site'; site: Site; username: string; variant: 'default' | 'x'; theme: SiteTheme };

/** Route id of the `:username` layout (React Router derives it from the file path). */
export const USER_SITE_ROUTE_ID = 'layouts/user-site';
