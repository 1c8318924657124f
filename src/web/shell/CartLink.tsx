import { Link } from 'react-router';
import { selectCartCount, useCartStore } from '../features/cart/stores/cart-store';
import { CartIcon } from '../components/ui/icons';

/** Cart icon linking to checkout, shown only while the (persisted) cart has items (SPEC §2). */
export function CartLink({ to = '/checkout' }: { to?: string }) {
  const count = useCartStore(selectCartCount);
  if (count === 0) return null;
  return (
    <Link
      to={to}
      prefetch="intent"
      data-testid="cart-link"
      aria-label={`Cart, ${count} ${count === 1 ? 'item' : 'items'}`}
      className="icon-btn relative"
    >
      <CartIcon />
      <span
        aria-hidden="true"
        className="absolute -right-0.5 -top-0.5 min-w-5 rounded-full bg-indigo-700 px-1 text-center text-xs font-semibold leading-5 text-white"
      >
        {count > 99 ? '99+' : count}
      </span>
    </Link>
  );
}
