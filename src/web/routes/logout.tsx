import { Link } from 'react-router';
import type { Route } from './+types/logout';
import { PageHeader } from '../components/ui/page';
import { pageMeta } from '../lib/meta';

/** /logout: signs the user out (POST /logout, then home). The call arrives with the accounts work. */
export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Sign out');

export default function Logout() {
  return (
    <div className="mx-auto max-w-md text-center">
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
