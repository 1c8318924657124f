import { Link } from 'react-router';
import type { Route } from './+types/thanks';
import { PageHeader } from '../components/ui/page';
import { getSession } from '../features/accounts/session.server';
import { loadOrder } from '../features/cart/api/checkout-api';
import { OrderConfirmation } from '../features/cart/components/OrderConfirmation';
import { serverApi } from '../lib/api';
import { pageMeta } from '../lib/meta';

/**
 * /thanks: after a payment (`?order=<id>`: the signed-in buyer's order, rendered on the server) or
 * a contact-form message (the general thank you).
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  const id = url.searchParams.get('order');
  if (!id) return { order: null };
  const { user } = await getSession(context);
  return { order: user ? await loadOrder(serverApi(context), id) : null };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, loaderData?.order ? 'Thank you for your order' : 'Thank you');

function ThanksLinks() {
  return (
    <div className="flex flex-wrap justify-center gap-3">
      <Link to="/orders" className="btn btn-primary" data-testid="thanks-purchases">
        View purchases
      </Link>
      <Link to="/all-posts" className="btn btn-secondary">
        Keep browsing
      </Link>
    </div>
  );
}

export default function ThanksPage({ loaderData }: Route.ComponentProps) {
  const { order } = loaderData;
  if (order) {
    return (
      <div className="mx-auto max-w-2xl" data-testid="thanks-page">
        <OrderConfirmation order={order} />
        <ThanksLinks />
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-2xl text-center" data-testid="thanks-page">
      <PageHeader
        title="Thank you!"
        description="We have received it. If you placed an order, the seller has been notified and you will find it under Purchases with its shipping status. If you wrote to us, we will answer by email."
      />
      <ThanksLinks />
    </div>
  );
}
