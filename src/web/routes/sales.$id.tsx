import { Link, useParams } from 'react-router';
import type { Route } from './+types/sales.$id';
import { PageHeader } from '../components/ui/page';
import { guardLoader } from '../features/accounts/guards';
import { pageMeta } from '../lib/meta';

/** /sales/:id (signed in): one sale — items, buyer's address, payment, shipping. */
export const loader = guardLoader(['authenticated']);
export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Sale');

export default function SalePage() {
  const { id } = useParams();
  return (
    <div data-testid="sale-page" data-sale-id={id}>
      <PageHeader
        title="Sale details"
        eyebrow={id ? `Sale ${id}` : undefined}
        description="What was bought, by whom and where it ships. When you have sent it, mark it shipped with the tracking number — the buyer is notified and this cannot be undone."
        actions={
          <Link to="/sales" className="btn btn-secondary">
            All sales
          </Link>
        }
      />
    </div>
  );
}
