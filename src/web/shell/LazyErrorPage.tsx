import { lazy } from 'react';

// The error page is rendered only when something failed, but the layouts' error boundaries sit on
// every page: its code (and the shared code only it uses) loads when an error is shown, not with
// each page (docs/decisions/011). There is deliberately no <Suspense> around it: on the server the
// render waits for it, so error pages are complete HTML with their status code (also without
// JavaScript); while hydrating, or navigating to an error, React keeps what is on screen until the
// chunk has arrived.
const ErrorPageImpl = lazy(() => import('./ErrorPage').then((m) => ({ default: m.ErrorPage })));

/** The error page (./ErrorPage), loaded when an error boundary first shows it. */
export function ErrorPage({ error }: { error: unknown }) {
  return <ErrorPageImpl error={error} />;
}
