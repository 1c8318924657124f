import { useId, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { COMMERCE_LIMITS } from '../../../../shared/contracts/commerce-rules';
import { formatMoney, formatNumber, optionsText } from '../../../../shared/format';
import { MESSAGES } from '../../../../shared/messages';
import { cartTotals } from '../../../../shared/cart';
import { modalActions, showNotify } from '../../../components/ui/modal';
import type { LineNote } from '../cart-refresh';
import { useCartStore, type CartItem } from '../stores/cart-store';

interface CartLineRowProps {
  item: CartItem;
  currency: string;
  /** What the last refresh said about this line, if anything. */
  note?: LineNote;
  /** Units in stock at the last refresh (caps the amount). */
  stock?: number;
  /** The line was removed: focus has to go somewhere that is still there. */
  onRemoved: () => void;
}

/** Below this many units in stock the line says how many are left. */
const LOW_STOCK = 5;

const NOTE_PREFIX = { changed: 'Updated: ', problem: 'Cannot be bought: ', removed: '' } as const;

/**
 * One line of the cart: picture, title, options, price and shipping each, the amount (−, a number
 * field, +), its subtotal and Remove. A changed amount says so in the modal (SPEC §8); a line the
 * refresh changed or found a problem with is marked, in words and colour.
 */
export function CartLineRow({ item, currency, note, stock, onRemoved }: CartLineRowProps) {
  const setAmount = useCartStore((s) => s.setAmount);
  const removeItem = useCartStore((s) => s.removeItem);
  const [draft, setDraft] = useState<string | null>(null);
  const id = useId();
  const title = item.title ?? 'An item';
  const max = Math.max(1, Math.min(COMMERCE_LIMITS.amountMax, stock ?? Infinity));
  const options = optionsText(item.selectedVariations, ' · ');

  function change(amount: number) {
    const next = Math.min(max, Math.max(1, amount));
    setDraft(null);
    if (next === item.amount) return;
    setAmount(item._id, next, item.selectedVariations);
    void showNotify(MESSAGES.cartAmountUpdated, modalActions.updateCartAmount);
  }

  function commitDraft() {
    if (draft === null) return;
    const typed = Number(draft);
    if (draft.trim() === '' || !Number.isInteger(typed)) setDraft(null);
    else change(typed);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') commitDraft();
    if (event.key === 'Escape') setDraft(null);
  }

  return (
    <li
      className={`flex flex-wrap gap-x-4 gap-y-3 py-4 ${note && note.kind !== 'removed' ? 'border-l-4 pl-3 ' + (note.kind === 'problem' ? 'border-red-700' : 'border-amber-500') : ''}`}
      data-testid="cart-line"
      data-note={note?.kind}
    >
      {item.image ? (
        <img
          src={item.image}
          alt=""
          width={64}
          height={64}
          className="size-16 shrink-0 rounded-md object-cover"
        />
      ) : null}
      <div className="min-w-0 flex-1 basis-48">
        <Link
          to={`/products/${encodeURIComponent(item._id)}`}
          className="font-semibold break-words text-gray-900 underline-offset-2 hover:underline"
        >
          {title}
        </Link>
        {options && <p className="text-sm text-gray-700">{options}</p>}
        <p className="text-sm text-gray-700" data-testid="cart-line-price">
          {formatMoney(item.price, currency)} each ·{' '}
          {item.shippingCost > 0
            ? `shipping ${formatMoney(item.shippingCost, currency)} each`
            : 'free shipping'}
        </p>
        {note && note.kind !== 'removed' ? (
          <p
            className={`mt-2 text-sm font-medium ${note.kind === 'problem' ? 'text-red-800' : 'text-amber-900'}`}
            data-testid="cart-line-note"
          >
            {NOTE_PREFIX[note.kind]}
            {note.message}
          </p>
        ) : null}
      </div>
      <div className="flex w-full flex-wrap items-center justify-between gap-x-3 gap-y-2 sm:w-auto sm:flex-col sm:flex-nowrap sm:items-end">
        <div className="flex items-center gap-1" role="group" aria-labelledby={`${id}-label`}>
          <label id={`${id}-label`} htmlFor={`${id}-amount`} className="sr-only">
            Amount of {title}
          </label>
          <button
            type="button"
            className="icon-btn border border-gray-300 disabled:cursor-not-allowed disabled:opacity-40"
            aria-label="One less"
            disabled={item.amount <= 1}
            onClick={() => change(item.amount - 1)}
          >
            −
          </button>
          <input
            id={`${id}-amount`}
            type="number"
            inputMode="numeric"
            min={1}
            max={max}
            step={1}
            className="input w-16 text-center"
            value={draft ?? String(item.amount)}
            onChange={(e) => setDraft(e.target.value)}
            onBlur={commitDraft}
            onKeyDown={onKeyDown}
            data-testid="cart-line-amount"
          />
          <button
            type="button"
            className="icon-btn border border-gray-300 disabled:cursor-not-allowed disabled:opacity-40"
            aria-label="One more"
            disabled={item.amount >= max}
            onClick={() => change(item.amount + 1)}
          >
            +
          </button>
        </div>
        <p className="font-semibold text-gray-900" data-testid="cart-line-subtotal">
          <span className="sr-only">Subtotal: </span>
          {formatMoney(cartTotals([item]).subtotal, currency)}
        </p>
        <button
          type="button"
          className="btn btn-ghost text-sm text-red-800"
          onClick={() => {
            removeItem(item._id, item.selectedVariations);
            onRemoved();
          }}
          data-testid="cart-line-remove"
        >
          Remove<span className="sr-only"> {title}</span>
        </button>
      </div>
      {stock !== undefined && stock <= LOW_STOCK ? (
        <p className="w-full text-sm text-gray-700">Only {formatNumber(stock)} left.</p>
      ) : null}
    </li>
  );
}
