import { Outlet } from 'react-router';
import type { Route } from './+types/default';
import { DefaultShell } from '../shell/DefaultShell';
import { ErrorPage } from '../shell/LazyErrorPage';
import { describeError, errorTitle } from '../lib/errors';
import { pageMeta } from '../lib/meta';

/** Default layout (SPEC §2) for the marketplace and account pages. */
export default function DefaultLayout() {
  return (
    <DefaultShell>
      <Outlet />
    </DefaultShell>
  );
}

export const meta: Route.MetaFunction = ({ error, matches }) =>
  error ? pageMeta(matches, errorTitle(describeError(error).status)) : [];

/** Errors below this layout (404s included) render inside its chrome. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <DefaultShell>
      <ErrorPage error={error} />
    </DefaultShell>
  );
}
