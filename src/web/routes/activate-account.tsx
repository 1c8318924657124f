import { Link, useSearchParams } from 'react-router';
import type { Route } from './+types/activate-account';
import { PageHeader } from '../components/ui/page';
import { pageMeta } from '../lib/meta';

/** /users/activate-account?token=: the emailed activation link (GET /users/activate-account). */
export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Activate your account');

export default function ActivateAccount() {
  const [params] = useSearchParams();
  const token = params.get('token');
  return (
    <div className="mx-auto max-w-md" data-testid="activate-account-page">
      <PageHeader
        title="Activate your account"
        description={
          token
            ? 'We are confirming your email address. Once your account is active you will be sent to log in.'
            : 'Open the link in the activation email we sent you when you signed up. It activates your account in one click.'
        }
      />
      <Link to="/login" className="btn btn-secondary">
        Go to log in
      </Link>
    </div>
  );
}
