import { useEffect, useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import type { Route } from './+types/logout';
import { PageHeader } from '../components/ui/page';
import { withLoading } from '../components/ui/loading';
import { logout } from '../features/accounts/api/accounts-api';
import { useAuthStore } from '../features/auth/stores/auth-store';
import { ACCESS_TOKEN_COOKIE } from '../lib/api';
import { pageMeta } from '../lib/meta';

/**
 * /logout (SPEC §4): POST /logout (revokes the session, clears the cookies), forget the persisted
 * auth state, then home. Leaving /logout reloads the root loader (root.tsx), so the header shows
 * the log-in links again.
 */
export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Sign out');

function signOutLocally() {
  useAuthStore.getState().clear();
  void useAuthStore.persist.clearStorage();
  // If the call failed, at least drop the readable access token (the refresh cookie is HttpOnly).
  document.cookie = `${ACCESS_TOKEN_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
}

export default function Logout() {
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
      <Link to="/" className="btn btn-secondary">
        Go to the home page
      </Link>
    </div>
  );
}
