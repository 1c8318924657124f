import { Link, useParams } from 'react-router';
import type { Route } from './+types/password-reset';
import { PageHeader } from '../components/ui/page';
import { pageMeta } from '../lib/meta';

/** /password-reset/:token?: the link from the reset email; sets a new password (PATCH /users/password). */
export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Choose a new password');

export default function PasswordReset() {
  const { token } = useParams();
  return (
    <div className="mx-auto max-w-md" data-testid="password-reset-page">
      <PageHeader
        title="Choose a new password"
        description={
          token
            ? 'Pick a new password for your account. You will log in with it from now on.'
            : 'This page opens from the link in your password reset email. The link is missing its code.'
        }
      />
      {!token && (
        <Link to="/reset-password" className="btn btn-primary">
          Request a new reset link
        </Link>
      )}
    </div>
  );
}
