import { TAX_RATE, type CartTotals as Totals } from '../../../../shared/cart';
import { formatMoney } from '../../../../shared/format';

/** What a discount code takes off the items, as the server priced it (docs/decisions/073). */
export interface TotalsDiscount {
  codes: string;
  amount: number;
}

/**
 * SPEC §9 totals as a definition list: items, a discount code's line when one applies, shipping,
 * tax and the total, in Intl money.
 */
export function CartTotals({
  totals,
  currency,
  discount = null,
}: {
  totals: Pick<Totals, 'subtotal' | 'shipping' | 'tax' | 'grandTotal'>;
  currency: string;
  discount?: TotalsDiscount | null;
}) {
  const rows: [string, number, string?][] = [
    ['Items', totals.subtotal],
    ...(discount && discount.amount > 0
      ? [
          [`Discount (code ${discount.codes})`, -discount.amount, 'cart-discount'] as [
            string,
            number,
            string,
          ],
        ]
      : []),
    ['Shipping', totals.shipping],
    [`Tax (${Math.round(TAX_RATE * 100)}%)`, totals.tax],
  ];
  return (
    <dl className="space-y-2 text-sm">
      {rows.map(([label, value, testId]) => (
        <div key={label} className="flex justify-between gap-4">
          <dt className="text-gray-700">{label}</dt>
          <dd className="font-medium text-gray-900" data-testid={testId}>
            {formatMoney(value, currency)}
          </dd>
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
