import type { Route } from './+types/users';
import { LinkCards, PageHeader } from '../components/ui/page';
import { guardLoader } from '../features/accounts/guards';
import { pageMeta } from '../lib/meta';

/** /users (admin). */
export const loader = guardLoader(['admin']);
export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Users (admin)');

export default function UsersPage() {
  return (
    <div data-testid="users-page">
      <PageHeader
        title={'Users (admin)'}
        description={
          "All members with their role and status. Change a member's role, suspend an account or delete it."
        }
      />
      <LinkCards
        links={[
          { to: '/admin-products', title: 'Products (admin)', description: 'Moderate posts.' },
          { to: '/add-tags', title: 'Tags (admin)', description: 'Curate the tag list.' },
        ]}
      />
    </div>
  );
}
