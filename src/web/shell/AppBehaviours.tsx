import { useEffect, useState } from 'react';
import { PrefetchPageLinks, useLocation, useMatches } from 'react-router';
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
  if (!ready) return null;
  return (
    <>
      {prefetchPages(user, { site, landing, post: isMarketplacePostPath(pathname) })
        .filter((page) => page !== pathname)
        .map((page) => (
          <PrefetchPageLinks key={page} page={page} />
        ))}
    </>
  );
}
