import type { Route } from './+types/orders';
import { LinkCards, PageHeader } from '../components/ui/page';
import { guardLoader } from '../features/accounts/guards';
import { pageMeta } from '../lib/meta';

/** /orders (signed in). */
export const loader = guardLoader(['authenticated']);
export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Purchases');

export default function OrdersPage() {
  return (
    <div data-testid="orders-page">
      <PageHeader
        title={'Purchases'}
        description={
          'Everything you have bought, newest first, with its payment and shipping status and the tracking number once the seller ships.'
        }
      />
      <LinkCards
        links={[
          {
            to: '/all-posts',
            title: 'Keep shopping',
            description: 'Fresh posts from every seller.',
          },
          { to: '/favorites', title: 'Favorites', description: 'Posts you liked.' },
          { to: '/feed', title: 'Feed', description: 'New posts from people you follow.' },
        ]}
      />
    </div>
  );
}
