import { Link } from 'react-router';
import type { Route } from './+types/thanks';
import { PageHeader } from '../components/ui/page';
import { getSession } from '../features/accounts/session.server';
import { loadOrder } from '../features/cart/api/checkout-api';
import { OrderConfirmation } from '../features/cart/components/OrderConfirmation';
import { serverApi } from '../lib/api';
import { pageMeta } from '../lib/meta';

/**
 * /thanks: after a payment (`?order=<id>`: the signed-in buyer's order, rendered on the server),
 * after the contact form (`?from=contact`), or the general thank you.
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  const from = url.searchParams.get('from') === 'contact' ? ('contact' as const) : null;
  const id = url.searchParams.get('order');
  if (!id) return { order: null, from };
  const { user } = await getSession(context);
  return { order: user ? await loadOrder(serverApi(context), id) : null, from };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(
    matches,
    loaderData?.order
      ? 'Thank you for your order'
      : loaderData?.from === 'contact'
        ? 'Message sent'
        : 'Thank you',
  );

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

/** After the contact form (`?from=contact`): sent, and when to expect the answer. */
function ContactThanks() {
  return (
    <div className="mx-auto max-w-2xl text-center" data-testid="thanks-page" data-from="contact">
      <PageHeader
        title="Thank you — your message has been sent"
        description="A person on our team reads every message. We answer by email, usually within two working days, at the address you gave us; check your spam folder if you have not heard from us."
      />
      <div className="flex flex-wrap justify-center gap-3">
        <Link to="/" className="btn btn-primary">
          Back to the home page
        </Link>
        <Link to="/all-posts" className="btn btn-secondary">
          Browse the marketplace
        </Link>
      </div>
    </div>
  );
}

export default function ThanksPage({ loaderData }: Route.ComponentProps) {
  const { order, from } = loaderData;
  if (order) {
    return (
      <div className="mx-auto max-w-2xl" data-testid="thanks-page">
        <OrderConfirmation order={order} />
        <ThanksLinks />
      </div>
    );
  }
  if (from === 'contact') return <ContactThanks />;
  return (
    <div className="mx-auto max-w-2xl text-center" data-testid="thanks-page">
      <PageHeader
        title="Thank you!"
        description="We have received it. If you placed an order, the seller has been notified and you will find it under Purchases with its shipping status."
      />
      <ThanksLinks />
    </div>
  );
}
