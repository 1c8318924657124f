import { data, Outlet } from 'react-router';
import type { Route } from './+types/user-site';
import { DefaultShell } from '../shell/DefaultShell';
import { ErrorPage } from '../shell/LazyErrorPage';
import { LandingShell } from '../shell/LandingShell';
import { UserSiteShell } from '../shell/UserSiteShell';
import { getSiteByUsername } from '../features/sites/api/get-site';
import { serverApi } from '../lib/api';
import type { UserSiteData } from '../features/sites/types';
import { useUserSite } from '../features/sites/use-user-site';
import { MESSAGES } from '../../shared/messages';
import { describeError, errorTitle } from '../lib/errors';
import { pageMeta } from '../lib/meta';
import { parseUserSlug } from '../features/sites/user-slug';

const notFound = () => data(MESSAGES.pageNotFound, { status: 404 });

/**
 * `/:username` and everything below it. Static routes always win over this one. The first segment
 * is dispatched here (React Router cannot express these patterns): `/index-{product}bio` is a
 * landing page, `/{username}-x` the alternative view of {username}'s site, anything else a user's
 * site from GET /sites?username= (features/sites) — an unknown user is a 404.
 */
export async function loader({ params, context, url }: Route.LoaderArgs): Promise<UserSiteData> {
  const slug = parseUserSlug(params.username);
  if (slug.kind === 'invalid') throw notFound();
  if (slug.kind === 'landing') {
    const depth = url.pathname.split('/').filter(Boolean).length;
    if (depth > 1) throw notFound();
    return { kind: 'landing', product: slug.product };
  }
  const client = serverApi(context);
  const site = await getSiteByUsername(client, slug.username);
  if (site) return { kind: 'site', site, username: slug.username, variant: 'default' };
  if (slug.alternative) {
    const base = await getSiteByUsername(client, slug.alternative);
    if (base) return { kind: 'site', site: base, username: slug.alternative, variant: 'x' };
  }
  throw notFound();
}

export default function UserSiteLayout({ loaderData }: Route.ComponentProps) {
  if (loaderData.kind === 'landing') {
    return (
      <LandingShell>
        <Outlet />
      </LandingShell>
    );
  }
  return (
    <UserSiteShell site={loaderData.site} username={loaderData.username}>
      <Outlet />
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
      <UserSiteShell site={data.site} username={data.username}>
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
