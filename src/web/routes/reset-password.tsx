import { Link } from 'react-router';
import type { Route } from './+types/reset-password';
import { PageHeader } from '../components/ui/page';
import { ResetLinkForm } from '../features/accounts/components/PasswordResetForms';
import { pageMeta } from '../lib/meta';

/** /reset-password: asks for an email and sends a reset link (POST /users/password-reset-link). */
export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Reset your password');

export default function ResetPassword() {
  return (
    <div className="mx-auto max-w-lg" data-testid="reset-password-page">
      <PageHeader
        title="Reset your password"
        description="Enter the email address of your account and we will send you a link to choose a new password."
      />
      <section className="card">
        <ResetLinkForm />
      </section>
      <p className="mt-6 text-sm text-gray-700">
        Remembered it?{' '}
        <Link to="/login" className="link">
          Back to log in
        </Link>
      </p>
    </div>
  );
}
