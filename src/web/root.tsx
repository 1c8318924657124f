import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useRouteLoaderData,
  type ShouldRevalidateFunction,
} from 'react-router';
import type { Route } from './+types/root';
import { LoadingOverlay, NavigationLoading } from './components/ui/loading';
import { ModalHost } from './components/ui/modal';
import { sessionMayHaveChanged } from './features/accounts/session';
import { getSession } from './features/accounts/session.server';
import { handleSessionExpired } from './features/accounts/session-expiry';
import { setSessionExpiredHandler } from './lib/api';
import { hasCookieConsent } from './lib/cookie-consent';
import { describeError, errorTitle } from './lib/errors';
import { defaultDescription } from './lib/meta';
import type { RootData } from './lib/root-data';
import { AppBehaviours } from './shell/AppBehaviours';
import { CookieNotice } from './shell/CookieNotice';
import { LazyDefaultShell as DefaultShell } from './shell/LazyShells';
import { ErrorPage } from './shell/LazyErrorPage';
import './app.css';

// The browser API client is generic (lib/api.ts); what an ended session means to the user — the
// modal, signing out, /login — is the accounts feature's, composed here once for the whole app.
setSessionExpiredHandler(handleSessionExpired);

const FAVICON =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'%3E%3Crect width='32' height='32' rx='8' fill='%234338ca'/%3E%3Cpath d='M9 12h14l-1.5 11a2 2 0 0 1-2 1.7h-7a2 2 0 0 1-2-1.7z' fill='%23fff'/%3E%3C/svg%3E";

export const links: Route.LinksFunction = () => [
  { rel: 'icon', href: FAVICON, type: 'image/svg+xml' },
];

/**
 * Who is signed in (none without a server-side session; else one GET /users/me per request, shared
 * with guarded loaders), config, CSP nonce.
 */
export async function loader({ request, context }: Route.LoaderArgs): Promise<RootData> {
  const { user, site } = await getSession(context);
  return {
    nonce: context.nonce,
    config: context.config,
    user,
    site,
    shared: context.shared,
    cookieConsent: hasCookieConsent(request.headers.get('cookie')),
    siteDomain: context.siteDomain ?? null,
    year: new Date().getFullYear(),
  };
}

/**
 * Also after leaving /login or /logout: the header must follow the new session; and after leaving
 * a seller's pages (`:username`), whose render did not read the session (docs/decisions/045).
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  currentParams,
  nextParams,
  nextUrl,
  defaultShouldRevalidate,
}) =>
  defaultShouldRevalidate ||
  sessionMayHaveChanged(currentUrl.pathname) ||
  // …for a page that is not (src/server/http/pages/shared-pages.ts: not a seller's, or their
  // checkout or a post's preview).
  (currentParams.username !== undefined &&
    (nextParams.username === undefined || /(checkout|preview)\/?$/.test(nextUrl.pathname)));

export const meta: Route.MetaFunction = ({ loaderData, error }) => {
  const brand = loaderData?.config.brandName ?? 'Storefront';
  const description = { name: 'description', content: defaultDescription(brand) };
  if (error)
    return [{ title: `${errorTitle(describeError(error).status)} · ${brand}` }, description];
  return [{ title: `${brand} · Your link in bio, now a storefront` }, description];
};

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData('root') as RootData | undefined;
  const nonce = root?.nonce;
  const { pathname, search } = useLocation();
  // On a seller's own domain the server rendered the router's `/{username}…` path while the
  // address bar shows the domain's own (`/`): the client hydrates against this one
  // (entry.client.tsx, docs/decisions/017).
  const routerPath = root?.siteDomain ? pathname + search : undefined;
  return (
    <html lang="en" data-router-path={routerPath}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#4338ca" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-dvh bg-white text-gray-900 antialiased">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return (
    <>
      <Outlet />
      <CookieNotice />
      <ModalHost />
      <LoadingOverlay />
      <NavigationLoading />
      <AppBehaviours />
    </>
  );
}

/** Last-resort error page (layouts have their own, rendered inside their chrome). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <DefaultShell>
      <ErrorPage error={error} />
    </DefaultShell>
  );
}
