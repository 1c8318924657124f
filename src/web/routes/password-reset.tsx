import { Link, useParams } from 'react-router';
import type { Route } from './+types/password-reset';
import { PageHeader } from '../components/ui/page';
import { NewPasswordForm } from '../features/accounts/components/PasswordResetForms';
import { pageMeta } from '../lib/meta';

/** /password-reset/:token?: the link from the reset email; sets a new password (PATCH /users/password). */
export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Choose a new password');

/** The page carries a secret in its URL: keep it out of caches. */
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store' });

export default function PasswordReset() {
  const { token } = useParams();
  return (
    <div className="mx-auto max-w-lg" data-testid="password-reset-page">
      <PageHeader
        title="Choose a new password"
        description={
          token
            ? 'Pick a new password for your account. You will log in with it from now on, and other devices are signed out.'
            : undefined
        }
      />
      {token ? (
        <section className="card">
          <NewPasswordForm token={token} />
        </section>
      ) : (
        <section className="card" data-testid="password-reset-missing-token">
          <p className="text-gray-800">
            This page opens from the link in your password reset email, and that link is missing its
            code. Open the link from the email again, or ask for a new one.
          </p>
          <Link to="/reset-password" className="btn btn-primary mt-5">
            Request a new reset link
          </Link>
        </section>
      )}
    </div>
  );
}
