import { useEffect } from 'react';
import { Link, redirect, useNavigate, useSearchParams } from 'react-router';
import type { Route } from './+types/login';
import type { LoginResponse } from '../../shared/contracts/accounts';
import { PageHeader } from '../components/ui/page';
import { LoginForm } from '../features/accounts/components/LoginForm';
import { RegisterForm } from '../features/accounts/components/RegisterForm';
import {
  rememberAttemptedUrl,
  takeAttemptedUrl,
  useAuthStore,
} from '../features/auth/stores/auth-store';
import { pageMeta } from '../lib/meta';
import { afterLoginPath } from '../lib/redirect';
import { useRootData } from '../lib/root-data';
import { getSession, withoutTokens } from '../lib/session';

/** /login, and /login?action=register for the registration form (SPEC §2). */
export const meta: Route.MetaFunction = ({ matches, location }) => {
  const register = new URLSearchParams(location.search).get('action') === 'register';
  return pageMeta(matches, register ? 'Create your account' : 'Log in');
};

/** Already signed in: straight on to where they were going (or /edit-profile). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await getSession(context);
  if (user)
    throw redirect(afterLoginPath(new URL(request.url).searchParams.get('redirectTo'), null));
  return null;
}

export default function Login() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const appUrl = useRootData()?.config.appUrl ?? '';
  const register = params.get('action') === 'register';
  const redirectTo = params.get('redirectTo');

  useEffect(() => {
    rememberAttemptedUrl(redirectTo);
  }, [redirectTo]);

  const keep = redirectTo ? `redirectTo=${encodeURIComponent(redirectTo)}` : '';
  const loginHref = keep ? `/login?${keep}` : '/login';
  const registerHref = `/login?action=register${keep ? `&${keep}` : ''}`;

  // SPEC §4: cookies are set by the server; keep user and site (the answer's tokens stripped),
  // then go on. Leaving /login reloads the root loader (root.tsx shouldRevalidate), so the header
  // shows the avatar.
  async function onSignedIn({ user, site }: LoginResponse) {
    useAuthStore.getState().setSession(withoutTokens(user), site);
    await navigate(afterLoginPath(redirectTo, takeAttemptedUrl()), { replace: true });
  }

  return (
    <div className="mx-auto max-w-lg" data-testid={register ? 'register-page' : 'login-page'}>
      <PageHeader
        title={register ? 'Create your account' : 'Log in'}
        description={
          register
            ? 'Pick a username for your page, tell us whether you want to sell, buy or both, and confirm your email to get started.'
            : redirectTo
              ? 'Log in to continue where you left off.'
              : 'Welcome back. Log in with your email or username and password.'
        }
      />
      <section aria-label={register ? 'Registration' : 'Log in'} className="card">
        {register ? (
          <>
            <RegisterForm appUrl={appUrl} loginHref={loginHref} />
            <p className="mt-6 text-sm text-gray-700">
              Already have an account?{' '}
              <Link to={loginHref} className="link" data-testid="switch-to-login">
                Log in
              </Link>
            </p>
          </>
        ) : (
          <LoginForm onSignedIn={onSignedIn} registerHref={registerHref} />
        )}
      </section>
    </div>
  );
}
