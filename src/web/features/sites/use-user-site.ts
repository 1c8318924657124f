import { useRouteLoaderData } from 'react-router';
import type { PublicSite as Site } from '../../../shared/contracts/sites';
import { USER_SITE_ROUTE_ID, type UserSiteData } from './types';

/** The `:username` layout's data, for its child routes. */
export function useUserSite(): UserSiteData | undefined {
  return useRouteLoaderData(USER_SITE_ROUTE_ID) as UserSiteData | undefined;
}

/** The site of the page being shown (child routes below a resolved user site). */
export function useSite(): { site: Site; username: string; variant: 'default' | 'x' } | null {
  const data = useUserSite();
  return data?.kind === 'site' ? data : null;
}

type MatchLike = { id: string; loaderData?: unknown } | undefined;

/** The site of the page from `meta` matches, for titles and descriptions. */
export function siteFromMatches(matches: readonly MatchLike[]): Site | null {
  const data = matches.find((m) => m?.id === USER_SITE_ROUTE_ID)?.loaderData as
    UserSiteData | undefined;
  return data?.kind === 'site' ? data.site : null;
}

/** The site name from `meta` matches, for page titles. */
export function siteNameFromMatches(matches: readonly MatchLike[]): string | null {
  return siteFromMatches(matches)?.name ?? null;
}
