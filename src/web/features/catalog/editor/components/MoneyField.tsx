import type { ReactNode } from 'react';
import { formatMoney } from '../../../../../shared/format';
import { FieldShell } from '../../../../components/ui/form';
import { parseAmount } from '../editor-values';

interface MoneyFieldProps {
  id: string;
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  currency: string;
  error?: string;
  hint?: ReactNode;
  /** Price changes may be negative. */
  signed?: boolean;
  /** What an empty box means, shown in the preview line ("Free shipping", "No change"). */
  emptyText?: string;
  className?: string;
}

/**
 * An amount in major units, typed freely (decimal keypad on phones) and echoed as buyers will see
 * it, formatted with Intl in the shop's currency.
 */
export function MoneyField(props: MoneyFieldProps) {
  const { id, label, value, onChange, currency, error, hint, signed, emptyText, className } = props;
  const amount = parseAmount(value);
  const valid = amount !== undefined && Number.isFinite(amount);
  const shown =
    amount === undefined
      ? (emptyText ?? null)
      : valid
        ? `${signed && amount > 0 ? '+' : ''}${formatMoney(amount, currency)}`
        : null;
  return (
    <FieldShell
      id={id}
      label={label}
      error={error}
      className={className}
      hint={
        <>
          {hint ? <span>{hint} </span> : null}
          <span data-testid={`${id}-formatted`}>
            {shown ? `Buyers see: ${shown}` : `In ${currency}, such as 12.50.`}
          </span>
        </>
      }
    >
      {(aria) => (
        <div className="relative">
          <input
            id={id}
            name={id}
            type="text"
            inputMode="decimal"
            autoComplete="off"
            className="input"
            value={value}
            onChange={(e) => onChange(e.target.value)}
            {...aria}
          />
        </div>
      )}
    </FieldShell>
  );
}
