import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import type { Route } from './+types/checkout';
import { commerceApi } from '../../shared/api/commerce';
import { InAppNotice } from '../components/InAppNotice';
import { PageHeader } from '../components/ui/page';
import { Checkout } from '../features/cart/components/Checkout';
import { useCartLinkArrival } from '../features/cart/cart-link';
import { serverApi } from '../lib/api';
import { apiErrorMessage } from '../lib/errors';
import { inAppOfRequest } from '../lib/in-app-request';
import { pageMeta } from '../lib/meta';

/** /checkout: the cart, then address and card payment (public; paying needs an account). */
export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Checkout');

/**
 * `?cart=`: a cart carried here from a seller's own domain (docs/decisions/050), signed and
 * short-lived: its lines as they can be bought now, or why the link cannot be used.
 */
export async function loader({ url, context, request }: Route.LoaderArgs) {
  // Not a cached page: the notice for in-app browsers is decided here, in the server's HTML.
  const inApp = inAppOfRequest(request);
  const cart = url.searchParams.get('cart');
  if (cart === null) return { arrived: null, linkError: null, inApp };
  try {
    const { items } = await serverApi(context).call(commerceApi.openCartLink, { query: { cart } });
    return { arrived: items, linkError: null, inApp };
  } catch (err) {
    const linkError = apiErrorMessage(err, 'This cart link cannot be used.');
    return { arrived: null, linkError, inApp };
  }
}

export default function CheckoutPage({ loaderData }: Route.ComponentProps) {
  const { arrived, linkError, inApp } = loaderData;
  const loaded = useCartLinkArrival(arrived);
  const navigate = useNavigate();
  // Once in the cart, the link leaves the address (a reload must not bring back removed lines).
  useEffect(() => {
    if (loaded && arrived) void navigate('/checkout', { replace: true, preventScrollReset: true });
  }, [loaded, arrived, navigate]);
  return (
    <div data-testid="checkout-page">
      <PageHeader
        title="Checkout"
        description="Check your items and amounts, choose where they ship, then pay by card. The total includes shipping and 10% tax."
      />
      <InAppNotice detected={inApp} />
      {linkError ? (
        <p
          role="alert"
          className="mb-6 rounded-lg border border-red-300 bg-red-50 p-4 text-red-900"
          data-testid="cart-link-error"
        >
          {linkError}
        </p>
      ) : null}
      {loaded ? <Checkout /> : <p className="text-gray-700">Loading your cart…</p>}
    </div>
  );
}
