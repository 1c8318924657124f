import { TAX_RATE, type CartTotals as Totals } from '../../../../shared/cart';
import { formatMoney } from '../../../../shared/format';

/** SPEC §9 totals as a definition list: items, shipping, tax and the total, in Intl money. */
export function CartTotals({ totals, currency }: { totals: Totals; currency: string }) {
  const rows: [string, number][] = [
    ['Items', totals.subtotal],
    ['Shipping', totals.shipping],
    [`Tax (${Math.round(TAX_RATE * 100)}%)`, totals.tax],
  ];
  return (
    <dl className="space-y-2 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="flex justify-between gap-4">
          <dt className="text-gray-700">{label}</dt>
          <dd className="font-medium text-gray-900">{formatMoney(value, currency)}</dd>
        </div>
      ))}
      <div className="flex justify-between gap-4 border-t border-gray-200 pt-2 text-base">
        <dt className="font-semibold">Total</dt>
        <dd className="font-bold" data-testid="cart-grand-total">
          {formatMoney(totals.grandTotal, currency)}
        </dd>
      </div>
    </dl>
  );
}
