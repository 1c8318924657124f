import { Link, useParams } from 'react-router';
import type { Route } from './+types/feedback-orders';
import { PageHeader } from '../components/ui/page';
import { guardLoader } from '../features/accounts/guards';
import { pageMeta } from '../lib/meta';

/** /feedback/orders/:id? (signed in): feedback on a purchase, or the feedback you have given. */
export const loader = guardLoader(['authenticated']);
export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Order feedback');

export default function OrderFeedbackPage() {
  const { id } = useParams();
  return (
    <div data-testid="order-feedback-page">
      <PageHeader
        title="Order feedback"
        eyebrow={id ? `Order ${id}` : undefined}
        description={
          id
            ? 'How did this order go? Rate the seller and say a few words about the item, the packaging and the delivery. Other buyers will see it.'
            : 'Feedback you left on your purchases, and the orders still waiting for yours.'
        }
        actions={
          <Link to="/orders" className="btn btn-secondary">
            Purchases
          </Link>
        }
      />
    </div>
  );
}
