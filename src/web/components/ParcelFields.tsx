import { CARRIERS, COMMERCE_LIMITS } from '../../shared/contracts/commerce-rules';
import { FieldShell, TextField } from './ui/form';

// A parcel's carrier and tracking number: the seller's shipment (ShipForm) and the buyer's
// returned item (ADR 074) ask for them alike, and the server checks both with one zod shape.

export interface ParcelValue {
  carrier: string;
  trackingNumber: string;
}

export function ParcelFields({
  id,
  value,
  onChange,
  errors,
  testId,
}: {
  /** Prefix of the fields' ids: `{id}-carrier`, `{id}-tracking`. */
  id: string;
  value: ParcelValue;
  onChange: (next: ParcelValue, field: keyof ParcelValue) => void;
  errors: Partial<Record<keyof ParcelValue, string>>;
  /** Prefix of the test ids: `{testId}-carrier`, `{testId}-tracking`. */
  testId: string;
}) {
  return (
    <>
      <FieldShell id={`${id}-carrier`} label="Carrier" error={errors.carrier}>
        {(aria) => (
          <select
            id={`${id}-carrier`}
            name="carrier"
            className="input"
            value={value.carrier}
            onChange={(e) => onChange({ ...value, carrier: e.currentTarget.value }, 'carrier')}
            data-testid={`${testId}-carrier`}
            {...aria}
          >
            {Object.entries(CARRIERS).map(([key, c]) => (
              <option key={key} value={key}>
                {c.name}
              </option>
            ))}
          </select>
        )}
      </FieldShell>
      <TextField
        id={`${id}-tracking`}
        name="trackingNumber"
        label="Tracking number"
        hint="Letters, digits, spaces and dashes, as printed on the receipt."
        value={value.trackingNumber}
        maxLength={COMMERCE_LIMITS.trackingMax}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        error={errors.trackingNumber}
        onChange={(e) =>
          onChange({ ...value, trackingNumber: e.currentTarget.value }, 'trackingNumber')
        }
        data-testid={`${testId}-tracking`}
      />
    </>
  );
}
