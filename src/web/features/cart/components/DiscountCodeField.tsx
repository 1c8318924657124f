import { useRef } from 'react';
import type { Order } from '../../../../shared/contracts/commerce';
import { DISCOUNT_LIMITS } from '../../../../shared/contracts/discount-rules';
import type { DiscountPreview } from '../../../../shared/contracts/discounts';
import { formatMoney } from '../../../../shared/format';
import { describedBy } from '../../../lib/form-errors';
import type { DiscountCodeState } from '../use-discount-code';
import { SubmitButton } from '../../../components/ui/form';

const FIELD = 'discount-code';

/**
 * The checkout's discount code (docs/decisions/073): typed, then "Apply" (or Enter) asks the
 * server what it would take off; a refusal shows under the field (role=alert, tied to it with
 * aria-describedby), the discount and new total beside it. "Remove" brings the cart's totals
 * back. Once the order is placed, the code is part of it (cancel the order to change it).
 */
export function DiscountCodeField({
  state,
  locked,
}: {
  state: DiscountCodeState;
  /** The order is placed: the code is part of it now. */
  locked: boolean;
}) {
  const input = useRef<HTMLInputElement>(null);
  const { code, error, preview, pending } = state;
  const errorId = error ? `${FIELD}-error` : null;
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (!locked) void state.apply();
      }}
    >
      <label htmlFor={FIELD} className="field-label">
        Discount code (optional)
      </label>
      <div className="flex gap-2">
        <input
          ref={input}
          id={FIELD}
          name={FIELD}
          className="input min-w-0 flex-1"
          value={code}
          onChange={(e) => state.change(e.target.value)}
          maxLength={DISCOUNT_LIMITS.codeMax + 8}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          readOnly={locked}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(`${FIELD}-hint`, errorId)}
          data-testid={FIELD}
        />
        {locked ? null : preview ? (
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() => {
              state.remove();
              input.current?.focus();
            }}
            data-testid="discount-remove"
          >
            Remove
          </button>
        ) : (
          <SubmitButton
            pending={pending}
            pendingLabel="Checking…"
            className="btn btn-secondary"
            testId="discount-apply"
          >
            Apply
          </SubmitButton>
        )}
      </div>
      <div id={`${FIELD}-hint`} className="field-hint">
        A code from one of the sellers: it applies to that seller’s items.
      </div>
      {error ? (
        <p id={errorId!} role="alert" className="field-error" data-testid={`${FIELD}-error`}>
          {error}
        </p>
      ) : null}
      {preview ? <PreviewedDiscount preview={preview} /> : null}
    </form>
  );
}

/** What the applied code takes off, on whose items (the totals show the new total). */
function PreviewedDiscount({ preview }: { preview: DiscountPreview }) {
  const money = (n: number) => formatMoney(n, preview.currency);
  return (
    <div
      role="status"
      className="mt-2 rounded-lg bg-green-50 p-3 text-sm text-green-900"
      data-testid="discount-preview"
    >
      {preview.parts
        .filter((p) => p.discount > 0)
        .map((p) => (
          <p key={p.seller._id}>
            Code {p.discountCode}: −{money(p.discount)} on <bdi>{p.seller.name}</bdi>’s items.
          </p>
        ))}
      <p className="mt-1 font-semibold">
        New total: <span data-testid="discount-preview-total">{money(preview.grandTotal)}</span>
      </p>
    </div>
  );
}

/** The placed order's discount and total, as the server priced them. */
export function PlacedDiscount({ order }: { order: Order }) {
  if (order.discount <= 0) return null;
  const parts = order.transactions.filter((p) => p.discount > 0);
  return (
    <div
      role="status"
      className="rounded-lg bg-green-50 p-3 text-sm text-green-900"
      data-testid="order-discount"
    >
      {parts.map((p) => (
        <p key={p._id}>
          Code {p.discountCode}: −{formatMoney(p.discount, order.currency)} on{' '}
          <bdi>{p.seller.name}</bdi>’s items.
        </p>
      ))}
      <p className="mt-1 font-semibold">
        Total to pay:{' '}
        <span data-testid="order-grand-total">{formatMoney(order.grandTotal, order.currency)}</span>
      </p>
    </div>
  );
}
