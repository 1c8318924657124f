import { Link } from 'react-router';
import { cartTotals } from '../../../../shared/cart';
import { modalActions, showConfirm } from '../../../components/ui/modal';
import { cartLineKey, useCartStore } from '../stores/cart-store';
import type { LineNote } from '../cart-refresh';
import type { CartRefresh } from '../use-cart-refresh';
import { CartLineRow } from './CartLineRow';
import { CartTotals } from './CartTotals';

interface CartStepProps {
  currency: string;
  signedIn: boolean;
  refresh: CartRefresh;
  /** What the last refresh said about the lines still in the cart. */
  notes: LineNote[];
  blocked: boolean;
  onContinue: () => void;
  /** Focus has to move: the control that had it is gone (a removed line). */
  onFocusLost: () => void;
}

/** The cart step: its lines with their amounts, what changed, the totals and the way on. */
export function CartStep(props: CartStepProps) {
  const { currency, signedIn, refresh, notes, blocked } = props;
  const items = useCartStore((s) => s.items);
  const clearCart = useCartStore((s) => s.clearCart);
  const noteOf = new Map(notes.map((n) => [n.key, n]));

  return (
    <div className="grid gap-8 lg:grid-cols-[1fr_20rem]">
      <div className="min-w-0">
        <ul aria-label="Items in your cart" className="divide-y divide-gray-200">
          {items.map((item) => {
            const key = cartLineKey(item._id, item.selectedVariations);
            return (
              <CartLineRow
                key={key}
                item={item}
                currency={currency}
                note={noteOf.get(key)}
                stock={refresh.stock[key]}
                onRemoved={props.onFocusLost}
              />
            );
          })}
        </ul>
        <button
          type="button"
          className="btn btn-ghost mt-2 text-red-800"
          data-testid="cart-clear"
          onClick={() =>
            void showConfirm(
              'Remove every item from your cart?',
              modalActions.run(clearCart),
              'Empty cart',
            )
          }
        >
          Empty cart
        </button>
      </div>
      <section aria-labelledby="cart-total-heading" className="card h-fit">
        <h3 id="cart-total-heading" className="mb-4 text-lg font-semibold text-gray-900">
          Order total
        </h3>
        <CartTotals totals={cartTotals(items)} currency={currency} />
        {signedIn ? (
          <>
            <button
              type="button"
              className="btn btn-primary mt-6 w-full"
              disabled={blocked || refresh.pending}
              aria-describedby={blocked ? 'cart-blocked-hint' : undefined}
              onClick={props.onContinue}
              data-testid="cart-continue"
            >
              {refresh.pending ? 'Checking prices and stock…' : 'Continue to address'}
            </button>
            {blocked ? (
              <p id="cart-blocked-hint" className="mt-2 text-sm text-red-800">
                Remove the lines marked “Cannot be bought” to go on.
              </p>
            ) : null}
          </>
        ) : (
          <>
            <p className="mt-4 text-sm text-gray-700">
              Log in or create an account to choose a shipping address and pay by card. Your cart
              stays here.
            </p>
            <Link
              to={`/login?redirectTo=${encodeURIComponent('/checkout')}`}
              className="btn btn-primary mt-4 w-full"
              data-testid="cart-login"
            >
              Log in to check out
            </Link>
          </>
        )}
      </section>
    </div>
  );
}
