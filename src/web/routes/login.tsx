import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { Route } from './+types/login';
import { PageHeader } from '../components/ui/page';
import { rememberAttemptedUrl } from '../features/auth/stores/auth-store';
import { pageMeta } from '../lib/meta';

/**
 * /login, and /login?action=register for the registration form (SPEC §2). The forms and the
 * action arrive with the accounts work; `redirectTo` (set by the route guards) is kept.
 */
export const meta: Route.MetaFunction = ({ matches, location }) => {
  const register = new URLSearchParams(location.search).get('action') === 'register';
  return pageMeta(matches, register ? 'Create your account' : 'Log in');
};

export default function Login() {
  const [params] = useSearchParams();
  const register = params.get('action') === 'register';
  const redirectTo = params.get('redirectTo');

  useEffect(() => {
    rememberAttemptedUrl(redirectTo);
  }, [redirectTo]);

  const keep = redirectTo ? `&redirectTo=${encodeURIComponent(redirectTo)}` : '';
  return (
    <div className="mx-auto max-w-md" data-testid={register ? 'register-page' : 'login-page'}>
      <PageHeader
        title={register ? 'Create your account' : 'Log in'}
        description={
          register
            ? 'Pick a username for your page, tell us whether you want to sell, buy or both, and confirm your email to get started.'
            : 'Welcome back. Log in with your email or username and password to manage your page, posts and orders.'
        }
      />
      <section
        aria-label={register ? 'Registration' : 'Log in'}
        className="rounded-xl border border-gray-200 bg-white p-6 shadow-sm"
      >
        <p className="text-gray-700">
          {register
            ? 'After signing up we email you an activation link. Open it within a few days to activate your account.'
            : redirectTo
              ? 'Log in to continue where you left off.'
              : 'You will land on your profile after logging in.'}
        </p>
        <p className="mt-6 text-sm text-gray-700">
          {register ? (
            <>
              Already have an account?{' '}
              <Link
                to={keep ? `/login?${keep.slice(1)}` : '/login'}
                className="font-semibold text-indigo-700 underline"
                data-testid="switch-to-login"
              >
                Log in
              </Link>
            </>
          ) : (
            <>
              New here?{' '}
              <Link
                to={`/login?action=register${keep}`}
                className="font-semibold text-indigo-700 underline"
                data-testid="switch-to-register"
              >
                Create an account
              </Link>
            </>
          )}
        </p>
        {!register && (
          <p className="mt-2 text-sm">
            <Link to="/reset-password" className="font-semibold text-indigo-700 underline">
              Forgot your password?
            </Link>
          </p>
        )}
      </section>
    </div>
  );
}
