import { Link, data, useRevalidator } from 'react-router';
import type { Route } from './+types/sales.$id';
import { PageHeader } from '../components/ui/page';
import { isUuid } from '../../shared/contracts/common';
import { MESSAGES } from '../../shared/messages';
import { RETURN_STATUS_LABELS } from '../../shared/contracts/returns-rules';
import { formatMoney } from '../../shared/format';
import { guardLoader } from '../features/accounts/guards';
import { loadSale } from '../features/orders/api/orders-api';
import { SaleDetail } from '../features/orders/components/SaleDetail';
import { shortRef } from '../features/orders/labels';
import { RateBuyerForm } from '../features/feedback/components/RateBuyerForm';
import { serverApi } from '../lib/api';
import { pageMeta } from '../lib/meta';

const guard = guardLoader(['authenticated']);

/** /sales/:id (signed in): one of my sales; anyone else's (or an unknown id) is the 404 page. */
export async function loader(args: Route.LoaderArgs) {
  await guard(args);
  const id = args.params.id;
  if (!isUuid(id)) throw data(MESSAGES.pageNotFound, { status: 404 });
  let sale;
  try {
    sale = await loadSale(serverApi(args.context), id);
  } catch {
    throw data(MESSAGES.errorLoadingOrders, { status: 500 });
  }
  if (!sale) throw data(MESSAGES.pageNotFound, { status: 404 });
  return { sale };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, loaderData ? `Sale: order ${shortRef(loaderData.sale.orderId)}` : 'Sale');

export default function SalePage({ loaderData }: Route.ComponentProps) {
  const { sale } = loaderData;
  const { revalidate } = useRevalidator();
  return (
    <div data-testid="sale-page" data-sale-id={sale._id}>
      <PageHeader
        title={`Order ${shortRef(sale.orderId)}`}
        eyebrow="Sale"
        description="What was bought, by whom and where it ships. When you have sent it, mark it shipped with the tracking number — the buyer is told and this cannot be undone."
        actions={
          <Link to="/sales" className="btn btn-secondary">
            All sales
          </Link>
        }
      />
      <SaleDetail sale={sale} onChanged={() => void revalidate()} />
      {sale.returnRequest ? (
        <p className="mt-4" data-testid="sale-return">
          <Link to={`/returns/${sale.returnRequest._id}`} className="link">
            The buyer asked for a refund: {RETURN_STATUS_LABELS[sale.returnRequest.status]}
          </Link>
          {sale.returnRequest.refund !== null
            ? ` (${formatMoney(sale.returnRequest.refund, sale.currency)} refunded)`
            : ''}
        </p>
      ) : null}
      {sale.status === 'shipped' && !sale.sellerFeedbackGiven ? (
        <div className="mt-8">
          <RateBuyerForm
            transactionId={sale._id}
            buyerName={sale.buyer.name}
            onSaved={() => void revalidate()}
          />
        </div>
      ) : null}
    </div>
  );
}
