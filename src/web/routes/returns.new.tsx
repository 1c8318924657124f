import { Link, data } from 'react-router';
import type { Route } from './+types/returns.new';
import { PageHeader } from '../components/ui/page';
import { isUuid } from '../../shared/contracts/common';
import { MESSAGES } from '../../shared/messages';
import { guardLoader } from '../features/accounts/guards';
import { ReturnForm } from '../features/returns/components/ReturnForm';
import { useRootData } from '../lib/root-data';
import { pageMeta } from '../lib/meta';

const guard = guardLoader(['authenticated']);

/** /returns/new/:transactionId: the buyer asks for a refund on one seller's part of an order. */
export async function loader(args: Route.LoaderArgs) {
  await guard(args);
  const id = args.params.transactionId;
  if (!isUuid(id)) throw data(MESSAGES.pageNotFound, { status: 404 });
  return { transactionId: id };
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Ask for a refund');

export default function NewReturnPage({ loaderData }: Route.ComponentProps) {
  const days = useRootData()?.config.returnWindowDays ?? 14;
  return (
    <div data-testid="new-return-page" className="space-y-6">
      <PageHeader
        title="Ask for a refund"
        eyebrow="Returns"
        description={`Within ${days} days of shipment you can ask the seller for a refund. They accept or decline within 5 days; if they decline or do not answer, our moderators decide.`}
        actions={
          <Link to="/orders" className="btn btn-secondary">
            Back to purchases
          </Link>
        }
      />
      <ReturnForm transactionId={loaderData.transactionId} />
    </div>
  );
}
