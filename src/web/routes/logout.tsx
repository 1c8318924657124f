import { useEffect, useRef } from 'react';
import { Link, data, redirect, useNavigate } from 'react-router';
import type { Route } from './+types/logout';
import { accountsApi } from '../../shared/api/accounts';
import { withLoading } from '../components/ui/loading';
import { PageHeader } from '../components/ui/page';
import { logout } from '../features/accounts/api/accounts-api';
import { apiHeaders, formFailure, setCookieHeaders } from '../features/accounts/form-post';
import { useAuthStore } from '../features/accounts/stores/auth-store';
import { ACCESS_TOKEN_COOKIE, serverApi } from '../lib/api';
import { pageMeta } from '../lib/meta';

/**
 * /logout (SPEC §4): POST /logout (revokes the session, clears the cookies), forget the persisted
 * auth state, then home. Leaving /logout reloads the root loader (root.tsx), so the header shows
 * the log-in links again.
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
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void (async () => {
      await withLoading(logout().catch(() => undefined));
      signOutLocally();
      await navigate('/', { replace: true });
    })();
  }, [navigate]);

  return (
    <div className="mx-auto max-w-md text-center" data-testid="logout-page">
      <PageHeader
        title="Signing you out"
        description="We are ending your session on this device. You will be taken to the home page."
      />
      {actionData?.error ? (
        <p
          role="alert"
          className="mb-5 rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900"
          data-testid="logout-error"
        >
          {actionData.error}
        </p>
      ) : null}
      {/* Without JavaScript nothing signs out by itself: this form does it on the server. */}
      <div className="flex flex-col items-center gap-3 md:flex-row md:justify-center">
        <form method="post" data-testid="logout-form">
          <button type="submit" className="btn btn-primary" data-testid="logout-submit">
            Sign out
          </button>
        </form>
        <Link to="/" className="btn btn-secondary">
          Go to the home page
        </Link>
      </div>
    </div>
  );
}
