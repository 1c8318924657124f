import { Link } from 'react-router';
import { formatMoney } from '../../../../shared/format';
import { MESSAGES } from '../../../../shared/messages';
import { modalActions, showConfirm, showNotify } from '../../../components/ui/modal';
import { useRootData } from '../../../lib/root-data';
import { useCartStore, type CartItem } from '../stores/cart-store';
import { useCartHydrated } from '../stores/use-cart-hydrated';

function LineItem({ item, currency }: { item: CartItem; currency: string }) {
  const setAmount = useCartStore((s) => s.setAmount);
  const label = item.title ?? `Item ${item._id}`;
  const change = (amount: number) => {
    setAmount(item._id, amount, item.selectedVariations);
    void showNotify(MESSAGES.cartAmountUpdated, modalActions.updateCartAmount);
  };
  const variations = Object.entries(item.selectedVariations);
  return (
    <li className="flex gap-4 py-4" data-testid="cart-line">
      {item.image ? (
        <img src={item.image} alt="" className="size-16 rounded-md object-cover" />
      ) : null}
      <div className="min-w-0 flex-1">
        <p className="font-semibold text-gray-900">{label}</p>
        {variations.length > 0 && (
          <p className="text-sm text-gray-700">
            {variations.map(([k, v]) => `${k}: ${v}`).join(' · ')}
          </p>
        )}
        <p className="text-sm text-gray-700">
          {formatMoney(item.price, currency)} each
          {item.shippingCost > 0
            ? ` · shipping ${formatMoney(item.shippingCost, currency)} each`
            : ''}
        </p>
      </div>
      <div className="flex items-center gap-1" role="group" aria-label={`Quantity of ${label}`}>
        <button
          type="button"
          className="icon-btn border border-gray-300"
          aria-label="One less"
          onClick={() => change(item.amount - 1)}
        >
          −
        </button>
        <span className="w-8 text-center font-semibold" aria-live="polite">
          {item.amount}
        </span>
        <button
          type="button"
          className="icon-btn border border-gray-300"
          aria-label="One more"
          onClick={() => change(item.amount + 1)}
        >
          +
        </button>
      </div>
    </li>
  );
}

/** The cart with SPEC §9 totals. Rendered after hydration: the cart lives in localStorage. */
export function CartSummary() {
  const hydrated = useCartHydrated();
  const items = useCartStore((s) => s.items);
  const totals = useCartStore((s) => s.totals);
  const clearCart = useCartStore((s) => s.clearCart);
  const root = useRootData();
  const currency = root?.config.currency ?? 'USD';

  if (!hydrated) return <p className="text-gray-700">Loading your cart…</p>;
  if (items.length === 0) {
    return (
      <section
        className="rounded-xl border border-dashed border-gray-300 bg-gray-50 p-8 text-center"
        data-testid="cart-empty"
      >
        <h2 className="text-lg font-semibold text-gray-900">Your cart is empty</h2>
        <p className="mt-2 text-gray-700">
          Add posts to your cart and they will wait for you here.
        </p>
        <Link to="/all-posts" className="btn btn-primary mt-6">
          Browse posts
        </Link>
      </section>
    );
  }
  const t = totals();
  const rows: [string, number][] = [
    ['Items', t.subtotal],
    ['Shipping', t.shipping],
    ['Tax (10%)', t.tax],
  ];
  return (
    <div className="grid gap-8 lg:grid-cols-[1fr_20rem]">
      <section aria-labelledby="cart-items-heading">
        <h2 id="cart-items-heading" className="text-lg font-semibold text-gray-900">
          Items
        </h2>
        <ul className="divide-y divide-gray-200">
          {items.map((item) => (
            <LineItem
              key={`${item._id}-${JSON.stringify(item.selectedVariations)}`}
              item={item}
              currency={currency}
            />
          ))}
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
      </section>
      <section
        aria-labelledby="cart-total-heading"
        className="h-fit rounded-xl border border-gray-200 bg-white p-6"
      >
        <h2 id="cart-total-heading" className="text-lg font-semibold text-gray-900">
          Order total
        </h2>
        <dl className="mt-4 space-y-2 text-sm">
          {rows.map(([label, value]) => (
            <div key={label} className="flex justify-between">
              <dt className="text-gray-700">{label}</dt>
              <dd className="font-medium text-gray-900">{formatMoney(value, currency)}</dd>
            </div>
          ))}
          <div className="flex justify-between border-t border-gray-200 pt-2 text-base">
            <dt className="font-semibold">Total</dt>
            <dd className="font-bold" data-testid="cart-grand-total">
              {formatMoney(t.grandTotal, currency)}
            </dd>
          </div>
        </dl>
        <p className="mt-4 text-sm text-gray-700">
          {root?.user
            ? 'Next you choose a shipping address and pay by card.'
            : 'Log in or create an account to choose a shipping address and pay by card.'}
        </p>
        {!root?.user && (
          <Link
            to={`/login?redirectTo=${encodeURIComponent('/checkout')}`}
            className="btn btn-primary mt-4 w-full"
          >
            Log in to check out
          </Link>
        )}
      </section>
    </div>
  );
}
