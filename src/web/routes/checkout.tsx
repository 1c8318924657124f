import type { Route } from './+types/checkout';
import { PageHeader } from '../components/ui/page';
import { Checkout } from '../features/cart/components/Checkout';
import { pageMeta } from '../lib/meta';

/** /checkout: the cart, then address and card payment (public; paying needs an account). */
export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Checkout');

export default function CheckoutPage() {
  return (
    <div data-testid="checkout-page">
      <PageHeader
        title="Checkout"
        description="Check your items and amounts, choose where they ship, then pay by card. The total includes shipping and 10% tax."
      />
      <Checkout />
    </div>
  );
}
