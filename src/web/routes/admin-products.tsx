import type { Route } from './+types/admin-products';
import { LinkCards, PageHeader } from '../components/ui/page';
import { guardLoader } from '../features/accounts/guards';
import { pageMeta } from '../lib/meta';

/** /admin-products (admin). */
export const loader = guardLoader(['admin']);
export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Products (admin)');

export default function AdminProductsPage() {
  return (
    <div data-testid="admin-products-page">
      <PageHeader
        title={'Products (admin)'}
        description={
          "Every post on the marketplace. Search and filter, change a post's status or remove posts that break the rules."
        }
      />
      <LinkCards
        links={[
          { to: '/users', title: 'Users (admin)', description: 'Manage members and roles.' },
          { to: '/add-tags', title: 'Tags (admin)', description: 'The tags sellers can use.' },
        ]}
      />
    </div>
  );
}
