import type { Route } from './+types/message';
import { LinkCards, PageHeader } from '../components/ui/page';
import { guardLoader } from '../features/accounts/guards';
import { pageMeta } from '../lib/meta';

/** /message (signed in). */
export const loader = guardLoader(['authenticated']);
export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'New message');

export default function MessagePage() {
  return (
    <div data-testid="message-page">
      <PageHeader
        title={'New message'}
        description={
          'Write to a seller or buyer. Say which post or order you mean so they can answer quickly.'
        }
      />
      <LinkCards
        links={[
          { to: '/messages', title: 'All messages', description: 'Back to your conversations.' },
          { to: '/orders', title: 'Purchases', description: 'Find an order to ask about.' },
          { to: '/sales', title: 'Sales', description: 'Find a sale to follow up.' },
        ]}
      />
    </div>
  );
}
