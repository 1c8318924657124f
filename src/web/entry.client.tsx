import { startTransition, StrictMode, useLayoutEffect } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';

/**
 * React Router's default browser entry, plus pages served on a seller's own domain
 * (docs/decisions/017): there the server rendered `/{username}…` (the path root.tsx writes into
 * `<html data-router-path>`) while the address bar shows the domain's path (`/`, `/{post id}`).
 * The router matches routes against the address bar, so for hydration the address briefly becomes
 * the router's path; once the router exists it goes back to what the visitor typed, with the
 * router's path kept as the history entry's `masked` location — React Router's own route masking,
 * which it reads back when the visitor returns to this entry.
 */
const routerPath = document.documentElement.dataset.routerPath;
const { pathname, search, hash } = window.location;
const shown = routerPath && routerPath !== pathname + search ? pathname + search + hash : null;
if (shown) window.history.replaceState(window.history.state, '', routerPath + hash);

function restoreAddress() {
  if (!shown || !routerPath) return;
  const masked = new URL(routerPath + hash, window.location.origin);
  window.history.replaceState(
    {
      ...window.history.state,
      masked: { pathname: masked.pathname, search: masked.search, hash: masked.hash },
    },
    '',
    shown,
  );
}

/**
 * Renders the router and nothing else (a sibling would change the tree's shape, and with it the
 * ids useId gives on the client). Its layout effect runs after the router's own.
 */
function Router() {
  useLayoutEffect(restoreAddress, []);
  return <HydratedRouter />;
}

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <Router />
    </StrictMode>,
  );
});
