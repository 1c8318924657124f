import { useEffect } from 'react';
import { Outlet, useRouteLoaderData } from 'react-router';
import { rememberLanding } from '../features/cart/attribution';
import { clientSession, useViewer } from '../features/accounts/viewer';
import { useSharedPage } from '../features/social/shared-page';
import type { Route } from './+types/user-site';
import type { loader as postLoader } from '../routes/site/post';
import { ErrorPage } from '../shell/LazyErrorPage';
import {
  LazyDefaultShell as DefaultShell,
  LazyLandingShell as LandingShell,
} from '../shell/LazyShells';
import { UserSiteShell } from '../shell/UserSiteShell';
import { loadUserSite } from '../features/sites/api/get-site';
import type { UserSiteData } from '../features/sites/types';
import { useUserSite } from '../features/sites/use-user-site';
import { describeError, errorTitle } from '../lib/errors';
import { pageMeta } from '../lib/meta';

/**
 * `/:username` and everything below it. Static routes always win over this one. The first segment
 * is dispatched here (React Router cannot express these patterns): `/index-{product}bio` is a
 * landing page, `/{username}-x` {username}'s link-in-bio card (docs/decisions/016), anything else
 * a user's site from GET /sites?username= (features/sites) — an unknown user, or one whose account
 * is suspended or not activated yet (the API answers 404), is a 404.
 */
export function loader({ params, context, url }: Route.LoaderArgs): Promise<UserSiteData> {
  return loadUserSite(context, params.username, url.pathname);
}

export default function UserSiteLayout({ loaderData }: Route.ComponentProps) {
  // The seller's pages are rendered for nobody (docs/decisions/045): what is personal about the
  // seller and the post shown is asked here once, for every page below (useOutletContext).
  const owner = loaderData.kind === 'site' ? loaderData.site.owner._id : null;
  // The post page's post, by its id: its address names it by short id (docs/decisions/062).
  const post = useRouteLoaderData<typeof postLoader>('routes/site/post')?.product._id ?? null;
  const shared = useSharedPage(
    [owner, post].filter((id): id is string => id !== null),
    useViewer(),
    clientSession,
  );
  const username = loaderData.kind === 'site' ? loaderData.username : null;
  // Where this visit to the seller's pages came from, kept for a sale's credit (ADR 071).
  useEffect(() => {
    if (username) rememberLanding(username);
  }, [username]);
  if (loaderData.kind === 'landing') {
    return (
      <LandingShell>
        <Outlet />
      </LandingShell>
    );
  }
  return (
    <UserSiteShell
      site={loaderData.site}
      username={loaderData.username}
      theme={loaderData.theme}
      compact={loaderData.variant === 'x'}
    >
      <Outlet context={shared} />
    </UserSiteShell>
  );
}

export const meta: Route.MetaFunction = ({ error, matches }) =>
  error ? pageMeta(matches, errorTitle(describeError(error).status)) : [];

/** A child's error keeps the owner's branding; an unknown user gets the default chrome. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const data = useUserSite();
  if (data?.kind === 'site') {
    return (
      <UserSiteShell site={data.site} username={data.username} theme={data.theme}>
        <ErrorPage error={error} />
      </UserSiteShell>
    );
  }
  return (
    <DefaultShell>
      <ErrorPage error={error} />
    </DefaultShell>
  );
}
