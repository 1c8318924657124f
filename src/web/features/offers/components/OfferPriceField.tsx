/**
 * The price a member offers or counters with, typed as people type money ("$30", "29,50"):
 * the number it means, or NaN when it is not one (the server refuses what is out of range).
 */
export function offeredAmount(typed: string): number {
  return typed.trim() ? Number(typed.replace(/[\s$€£]/g, '').replace(',', '.')) : NaN;
}

/** The "Your price" field of an offer and of a counter-offer. */
export function OfferPriceField(props: {
  id: string;
  currency: string;
  value: string;
  onChange: (value: string) => void;
  testId: string;
  required?: boolean;
}) {
  return (
    <div>
      <label htmlFor={props.id} className="field-label">
        Your price ({props.currency})
      </label>
      <input
        id={props.id}
        className="input"
        inputMode="decimal"
        required={props.required}
        value={props.value}
        data-testid={props.testId}
        onChange={(e) => props.onChange(e.currentTarget.value)}
      />
    </div>
  );
}
