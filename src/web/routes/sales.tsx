import type { Route } from './+types/sales';
import { LinkCards, PageHeader } from '../components/ui/page';
import { guardLoader } from '../features/accounts/guards';
import { pageMeta } from '../lib/meta';

/** /sales (signed in). */
export const loader = guardLoader(['authenticated']);
export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Sales');

export default function SalesPage() {
  return (
    <div data-testid="sales-page">
      <PageHeader
        title={'Sales'}
        description={
          'Orders buyers placed for your posts. Open a sale to see what was bought and where it goes, then mark it shipped with a tracking number.'
        }
      />
      <LinkCards
        links={[
          { to: '/my-posts', title: 'My Posts', description: 'Manage what you sell.' },
          { to: '/orders', title: 'Purchases', description: 'Things you bought.' },
          { to: '/plan-selection', title: 'Plans', description: 'Sell more with a paid plan.' },
        ]}
      />
    </div>
  );
}
