import { useRouteLoaderData } from 'react-router';
import { USER_SITE_ROUTE_ID, type UserSiteData } from './types';

/** The `:username` layout's data, for its child routes. */
export function useUserSite(): UserSiteData | undefined {
  return useRouteLoaderData(USER_SITE_ROUTE_ID) as UserSiteData | undefined;
}

/** The site of the page being shown (child routes below a resolved user site). */
export function useSite(): Extract<UserSiteData, { kind: 'site' }> | null {
  const data = useUserSite();
  return data?.kind === 'site' ? data : null;
}
