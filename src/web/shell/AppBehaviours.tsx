import { useContext, useEffect, useState } from 'react';
import {
  matchRoutes,
  PrefetchPageLinks,
  UNSAFE_DataRouterContext,
  useLocation,
  useMatches,
} from 'react-router';
import { useAuthStore } from '../features/accounts/stores/auth-store';
import { useViewer } from '../features/accounts/viewer';
import { useCartStore } from '../features/cart/stores/cart-store';
import { USER_SITE_ROUTE_ID, type UserSiteData } from '../features/sites/types';
import { useChunkReload } from '../lib/chunk-reload';
import { useMainFocusAfterNavigation } from '../lib/focus';
import { isMarketplacePostPath, prefetchPages } from '../lib/navigation';
import { useIdlePrefetch } from '../lib/prefetch';
import { useRootData } from '../lib/root-data';
import { useScrollToTopOnNavigate } from '../lib/scroll';

/** The Landing layout's route id (src/web/routes.ts). */
const LANDING_LAYOUT_ROUTE_ID = 'layouts/landing';

/**
 * Page-wide behaviours (SPEC §2, §9), mounted once in the root: scroll to top after navigation,
 * focus on the new page's heading when asked (after signing in), reload on chunk-load failure,
 * client-only hydration of the persisted stores (kept in step with the server's view of the
 * session) and route prefetching after the page has been idle.
 */
export function AppBehaviours() {
  useScrollToTopOnNavigate();
  useMainFocusAfterNavigation();
  useChunkReload();
  usePersistedStores();
  return <IdlePrefetch />;
}

function usePersistedStores() {
  const root = useRootData();
  const user = root?.user ?? null;
  const site = root?.site ?? null;
  // A shared page's render did not read the session (docs/decisions/045): it says nothing of it.
  const shared = root?.shared ?? false;
  const [hydrated, setHydrated] = useState(false);

  useEffect(() => {
    let cancelled = false;
    void Promise.all([useAuthStore.persist.rehydrate(), useCartStore.persist.rehydrate()]).then(
      () => {
        if (!cancelled) setHydrated(true);
      },
    );
    return () => {
      cancelled = true;
    };
  }, []);

  // The server decides who is signed in (cookies); the persisted copy follows it.
  useEffect(() => {
    if (!hydrated || shared) return;
    const store = useAuthStore.getState();
    if (user) store.setSession(user, site);
    else if (store.user) store.clear();
  }, [hydrated, shared, user, site]);
}

function IdlePrefetch() {
  const ready = useIdlePrefetch();
  const user = useViewer();
  const { pathname } = useLocation();
  const matches = useMatches();
  const siteData = matches.find((m) => m.id === USER_SITE_ROUTE_ID)?.loaderData as
    UserSiteData | undefined;
  // The Landing layout: the home and landing routes, and /index-{product}bio.
  const landing =
    siteData?.kind === 'landing' || matches.some((m) => m.id === LANDING_LAYOUT_ROUTE_ID);
  const site =
    siteData?.kind === 'site' ? `/${encodeURIComponent(siteData.site.username)}` : undefined;
  const routes = useContext(UNSAFE_DataRouterContext)?.router.routes;
  if (!ready || !routes) return null;
  const pages = prefetchPages(user, { site, landing, post: isMarketplacePostPath(pathname) }).filter(
    (page) => page !== pathname,
  );
  return (
    <>
      {pages.map((page) => (
        // Lazy route discovery (docs/decisions/054): the router learns a page's routes when a link
        // to it is on the page. The side menu's pages are not (its drawer loads when opened): this
        // hidden link has them discovered like any other.
        <a key={`discover ${page}`} href={page} data-discover="true" hidden tabIndex={-1} />
      ))}
      {pages
        .filter((page) => knownRoute(routes, page, site))
        .map((page) => (
          <PrefetchPageLinks key={page} page={page} />
        ))}
    </>
  );
}

type Routes = NonNullable<React.ContextType<typeof UNSAFE_DataRouterContext>>['router']['routes'];

/**
 * Whether the router knows `page`'s own routes yet. Until a static page (`/login`) is discovered,
 * a seller's page's router matches it with the `:username` branch it already has; likewise a
 * seller's `/{username}/products`, until discovered, with their post route (`:id`) when a post
 * link was discovered first: prefetching either would fetch the wrong route's modules.
 */
function knownRoute(routes: Routes, page: string, site: string | undefined): boolean {
  const matches = matchRoutes(routes, page);
  if (!matches) return false;
  const onSite = site !== undefined && (page === site || page.startsWith(`${site}/`));
  if (onSite) return matches[matches.length - 1]?.route.path !== ':id';
  return !matches.some((m) => m.route.id === USER_SITE_ROUTE_ID);
}
