import type { Order } from '../../../../shared/contracts/commerce';
import { DISCOUNT_LIMITS } from '../../../../shared/contracts/discount-rules';
import { formatMoney } from '../../../../shared/format';
import { TextField } from '../../../components/ui/form';

/**
 * The checkout's discount code (docs/decisions/073): typed before the order is placed; the server
 * alone decides what it takes off, and on which seller's part. Once placed, the order's own
 * discount is shown, with the total to pay.
 */
export function DiscountCodeField({
  value,
  onChange,
  error,
  locked,
}: {
  value: string;
  onChange: (code: string) => void;
  error: string | null;
  /** The order is placed: the code is part of it now (cancel the order to change it). */
  locked: boolean;
}) {
  return (
    <TextField
      id="discount-code"
      label="Discount code (optional)"
      hint="A code from one of the sellers: it applies to that seller’s items."
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={error ?? undefined}
      maxLength={DISCOUNT_LIMITS.codeMax + 8}
      autoComplete="off"
      autoCapitalize="characters"
      spellCheck={false}
      readOnly={locked}
      data-testid="discount-code"
    />
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
          Code {p.discountCode}: −{formatMoney(p.discount, order.currency)} on {p.seller.name}’s
          items.
        </p>
      ))}
      <p className="mt-1 font-semibold">
        Total to pay:{' '}
        <span data-testid="order-grand-total">{formatMoney(order.grandTotal, order.currency)}</span>
      </p>
    </div>
  );
}
