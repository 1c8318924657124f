import type { Route } from './+types/checkout';
import { PageHeader } from '../components/ui/page';
import { CartSummary } from '../features/cart/components/CartSummary';
import { pageMeta } from '../lib/meta';

/** /checkout: the cart, totals, then address and card payment (public; paying needs an account). */
export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Checkout');

export default function CheckoutPage() {
  return (
    <div data-testid="checkout-page">
      <PageHeader
        title="Checkout"
        description="Check your items and quantities, then choose where they ship and pay by card. Prices include shipping and 10% tax in the total."
      />
      <CartSummary />
    </div>
  );
}
