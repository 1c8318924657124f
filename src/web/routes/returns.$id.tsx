import { Link, data, useRevalidator } from 'react-router';
import type { Route } from './+types/returns.$id';
import { PageHeader } from '../components/ui/page';
import { isModeratorRole } from '../../shared/contracts/account-rules';
import { isUuid } from '../../shared/contracts/common';
import { MESSAGES } from '../../shared/messages';
import { guardLoader } from '../features/accounts/guards';
import { useViewer } from '../features/accounts/viewer';
import { loadReturn } from '../features/returns/api/returns-api';
import {
  BuyerEscalate,
  ModeratorDecision,
  SellerAnswer,
} from '../features/returns/components/ReturnActions';
import { ReturnDetail } from '../features/returns/components/ReturnDetail';
import {
  BuyerTracking,
  SellerReceived,
  waitsForItem,
} from '../features/returns/components/ReturnShipping';
import { serverApi } from '../lib/api';
import { pageMeta } from '../lib/meta';

const guard = guardLoader(['authenticated']);

/** /returns/:id: one refund request, with the moves the viewer may make on it. */
export async function loader(args: Route.LoaderArgs) {
  await guard(args);
  const id = args.params.id;
  if (!isUuid(id)) throw data(MESSAGES.pageNotFound, { status: 404 });
  const request = await loadReturn(serverApi(args.context), id);
  if (!request) throw data(MESSAGES.pageNotFound, { status: 404 });
  return { request };
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Refund request');

export default function ReturnPage({ loaderData }: Route.ComponentProps) {
  const { request: r } = loaderData;
  const viewer = useViewer();
  const { revalidate } = useRevalidator();
  const done = () => void revalidate();
  const isSeller = viewer?._id === r.seller._id;
  return (
    <div data-testid="return-page" data-return-id={r._id} className="space-y-6">
      <PageHeader
        title="Refund request"
        eyebrow="Returns"
        actions={
          <Link to="/returns" className="btn btn-secondary">
            All requests
          </Link>
        }
      />
      <ReturnDetail r={r} />
      {isSeller && r.status === 'open' ? <SellerAnswer r={r} onDone={done} /> : null}
      {viewer?._id === r.buyer._id && r.status === 'awaiting_return' ? (
        <BuyerTracking r={r} onDone={done} />
      ) : null}
      {isSeller && waitsForItem(r) ? <SellerReceived r={r} onDone={done} /> : null}
      {r.canEscalate ? <BuyerEscalate r={r} onDone={done} /> : null}
      {r.status === 'escalated' && isModeratorRole(viewer?.role) ? (
        <ModeratorDecision r={r} onDone={done} />
      ) : null}
    </div>
  );
}
