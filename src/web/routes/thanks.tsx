import { Link } from 'react-router';
import type { Route } from './+types/thanks';
import { PageHeader } from '../components/ui/page';
import { pageMeta } from '../lib/meta';

/** /thanks: after a payment or a contact-form message. */
export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Thank you');

export default function ThanksPage() {
  return (
    <div className="mx-auto max-w-2xl text-center" data-testid="thanks-page">
      <PageHeader
        title="Thank you!"
        description="We have received it. If you placed an order, the seller has been notified and you will find it under Purchases with its shipping status. If you wrote to us, we will answer by email."
      />
      <div className="flex flex-wrap justify-center gap-3">
        <Link to="/orders" className="btn btn-primary">
          View purchases
        </Link>
        <Link to="/all-posts" className="btn btn-secondary">
          Keep browsing
        </Link>
      </div>
    </div>
  );
}
