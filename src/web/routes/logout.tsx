import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, data, redirect, useLocation, useNavigate, useNavigationType } from 'react-router';
import type { Route } from './+types/logout';
import { accountsApi } from '../../shared/api/accounts';
import { withLoading } from '../components/ui/loading';
import { PageHeader } from '../components/ui/page';
import { logout } from '../features/accounts/api/accounts-api';
import { apiHeaders, formFailure, setCookieHeaders } from '../features/accounts/form-post';
import { isSignOutFromApp } from '../features/accounts/sign-out';
import { useAuthStore } from '../features/accounts/stores/auth-store';
import { ACCESS_TOKEN_COOKIE, serverApi } from '../lib/api';
import { pageMeta } from '../lib/meta';
import { useBrandName, useRootData } from '../lib/root-data';

/**
 * /logout (SPEC §4): POST /logout (revokes the session, clears the cookies), forget the persisted
 * auth state, then home. Leaving /logout reloads the root loader (root.tsx), so the header shows
 * the log-in links again.
 *
 * The app's own "(sign out)" / "Sign out" links sign out in one step (they pass router state,
 * features/accounts/sign-out.ts). Opened any other way — a link on another site, the address bar,
 * a reload — the page asks first and signs out only when the visitor confirms, so no other site
 * can sign anyone out by linking here.
 */
export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Sign out');

const LOGOUT_ERROR = 'We could not sign you out. Please try again.';

/**
 * The "Sign out" form without JavaScript: POST /logout with this request's cookies (and Origin,
 * so another site's post is refused), then home with the cleared cookies.
 */
export async function action({ request, context }: Route.ActionArgs) {
  let answer;
  try {
    answer = await serverApi(context).exchange(
      accountsApi.logout,
      { body: {} },
      { headers: apiHeaders(request, { cookie: true }) },
    );
  } catch (err) {
    const failure = formFailure(err, LOGOUT_ERROR);
    return data({ error: failure.message }, { status: failure.status });
  }
  throw redirect('/', { headers: setCookieHeaders(answer) });
}

function signOutLocally() {
  useAuthStore.getState().clear();
  void useAuthStore.persist.clearStorage();
  // If the call failed, at least drop the readable access token (the refresh cookie is HttpOnly).
  document.cookie = `${ACCESS_TOKEN_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
}

export default function Logout({ actionData }: Route.ComponentProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const navigationType = useNavigationType();
  const brand = useBrandName();
  const signedIn = !!useRootData()?.user;
  // Decided on arrival. A first page load (POP: also the server render) always asks.
  const [signingOut, setSigningOut] = useState(
    () => navigationType !== 'POP' && isSignOutFromApp(location.state),
  );
  const started = useRef(false);

  useEffect(() => {
    if (!signingOut || started.current) return;
    started.current = true;
    void (async () => {
      await withLoading(logout().catch(() => undefined));
      signOutLocally();
      await navigate('/', { replace: true });
    })();
  }, [signingOut, navigate]);

  // With JavaScript the confirmation signs out here; without, the form posts to the action.
  function confirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSigningOut(true);
  }

  const error = actionData?.error ? (
    <p
      role="alert"
      className="mb-5 rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900"
      data-testid="logout-error"
    >
      {actionData.error}
    </p>
  ) : null;

  if (signingOut) {
    return (
      <div className="mx-auto max-w-md text-center" data-testid="logout-page" aria-busy="true">
        <PageHeader
          title="Signing you out"
          description="We are ending your session on this device. You will be taken to the home page."
        />
        {error}
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-md text-center" data-testid="logout-page">
      <PageHeader
        title={`Sign out of ${brand}?`}
        description={
          signedIn
            ? 'This ends your session on this device. You can log in again at any time.'
            : 'You do not seem to be signed in on this device; signing out makes sure of it.'
        }
      />
      {error}
      <div className="flex flex-col items-center gap-3 md:flex-row md:justify-center">
        <form method="post" onSubmit={confirm} data-testid="logout-form">
          <button type="submit" className="btn btn-primary" data-testid="logout-submit">
            Sign out
          </button>
        </form>
        <Link to="/" className="btn btn-secondary" data-testid="logout-cancel">
          {signedIn ? 'Stay signed in' : 'Go to the home page'}
        </Link>
      </div>
    </div>
  );
}
