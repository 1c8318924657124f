import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import type { Route } from './+types/activate-account';
import { ACTIVATION_REDIRECT_MS } from '../../shared/constants';
import { MESSAGES } from '../../shared/messages';
import { PageHeader } from '../components/ui/page';
import { activateAccount } from '../features/accounts/api/accounts-api';
import { ResendActivation } from '../features/accounts/components/ResendActivation';
import { serverApi } from '../lib/api';
import { apiErrorMessage } from '../lib/errors';
import { pageMeta } from '../lib/meta';

/** /users/activate-account?token=: the emailed activation link (GET /users/activate-account). */
export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Activate your account');

type Activation =
  | { state: 'activated'; message: string }
  | { state: 'failed'; message: string }
  | { state: 'missing' };

/** Runs on the server, so the link works without JavaScript and the token is spent once. */
export async function loader({ url, context }: Route.LoaderArgs): Promise<Activation> {
  const token = url.searchParams.get('token')?.trim();
  if (!token) return { state: 'missing' };
  try {
    const res = await activateAccount(serverApi(context), token);
    return { state: 'activated', message: res.message || MESSAGES.accountActivated };
  } catch (err) {
    return { state: 'failed', message: apiErrorMessage(err, MESSAGES.activationError) };
  }
}

/** The page carries a secret in its URL: keep it out of caches. */
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store' });

/** The token is single use: never call the loader again for the same page. */
export const shouldRevalidate = () => false;

export default function ActivateAccount({ loaderData }: Route.ComponentProps) {
  const navigate = useNavigate();
  const activated = loaderData.state === 'activated';

  useEffect(() => {
    if (!activated) return;
    const timer = window.setTimeout(() => void navigate('/login'), ACTIVATION_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [activated, navigate]);

  return (
    <div className="mx-auto max-w-lg" data-testid="activate-account-page">
      <PageHeader title="Activate your account" />
      {loaderData.state === 'activated' ? (
        <section className="card" role="status" data-testid="activation-success">
          <p className="text-lg font-semibold text-green-800">{loaderData.message}</p>
          <p className="mt-2 text-gray-700">
            Taking you to log in in {ACTIVATION_REDIRECT_MS / 1000} seconds…
          </p>
          <Link to="/login" className="btn btn-primary mt-5" data-testid="activation-login">
            Go to log in
          </Link>
        </section>
      ) : (
        <section className="card" data-testid="activation-error">
          {loaderData.state === 'failed' ? (
            <p role="alert" className="font-semibold text-red-800">
              {loaderData.message}
            </p>
          ) : (
            <p className="text-gray-800">
              Open the link in the activation email we sent you when you signed up: it activates
              your account in one click.
            </p>
          )}
          <h2 className="mt-6 text-lg font-semibold text-gray-900">Need a new link?</h2>
          <p className="mt-1 text-gray-700">
            Enter the email address you signed up with and we will send a fresh activation email.
          </p>
          <ResendActivation idPrefix="activation-resend" />
          <p className="mt-6 text-sm text-gray-700">
            Already activated?{' '}
            <Link to="/login" className="link">
              Log in
            </Link>
          </p>
        </section>
      )}
    </div>
  );
}
