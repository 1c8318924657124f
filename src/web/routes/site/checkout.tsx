import { Link } from 'react-router';
import type { Route } from './+types/checkout';
import { CartSummary } from '../../features/cart/components/CartSummary';
import { siteNameFromMatches, useSite } from '../../features/sites/use-user-site';
import { pageMeta } from '../../lib/meta';

/** `/{username}/checkout`: the cart, in the seller's branding. */
export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, `Checkout · ${siteNameFromMatches(matches) ?? ''}`);

export default function SiteCheckout() {
  const data = useSite();
  if (!data) return null;
  return (
    <div data-testid="site-checkout">
      <h1 className="text-3xl font-bold tracking-tight">Checkout</h1>
      <p className="mb-6 mt-2 max-w-2xl opacity-90">
        Check your items, choose where they ship and pay by card. The total includes shipping and
        10% tax.
      </p>
      <div className="rounded-xl bg-white p-4 text-gray-900 md:p-6">
        <CartSummary />
      </div>
      <Link
        to={`/${encodeURIComponent(data.username)}`}
        className="mt-6 inline-block font-semibold underline"
      >
        Continue shopping at {data.site.name}
      </Link>
    </div>
  );
}
