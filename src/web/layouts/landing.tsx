import { Outlet } from 'react-router';
import type { Route } from './+types/landing';
import { ErrorPage } from '../shell/LazyErrorPage';
import { LandingShell } from '../shell/LandingShell';
import { describeError, errorTitle } from '../lib/errors';
import { pageMeta } from '../lib/meta';

/** Landing layout (SPEC §2): its Sign Up / Sign In buttons (worded Log in, Sign up) and social links. */
export default function LandingLayout() {
  return (
    <LandingShell>
      <Outlet />
    </LandingShell>
  );
}

export const meta: Route.MetaFunction = ({ error, matches }) =>
  error ? pageMeta(matches, errorTitle(describeError(error).status)) : [];

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <LandingShell>
      <div className="container-page">
        <ErrorPage error={error} />
      </div>
    </LandingShell>
  );
}
