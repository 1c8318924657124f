import { Link } from 'react-router';
import type { Route } from './+types/messages';
import { LinkCards, PageHeader } from '../components/ui/page';
import { guardLoader } from '../features/accounts/guards';
import { pageMeta } from '../lib/meta';

/** /messages (signed in). */
export const loader = guardLoader(['authenticated']);
export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Messages');

export default function MessagesPage() {
  return (
    <div data-testid="messages-page">
      <PageHeader
        title={'Messages'}
        description={
          'Your conversations with buyers and sellers. Ask about an item, agree on shipping or follow up on an order.'
        }
        actions={
          <Link to="/message" className="btn btn-primary">
            New message
          </Link>
        }
      />
      <LinkCards
        links={[
          { to: '/message', title: 'Write a message', description: 'Start a new conversation.' },
          { to: '/orders', title: 'Purchases', description: 'Orders you placed.' },
          { to: '/sales', title: 'Sales', description: 'Orders you received.' },
        ]}
      />
    </div>
  );
}
