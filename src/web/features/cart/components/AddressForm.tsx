import { useId, type FormEvent } from 'react';
import type { AddressRecord } from '../../../../shared/contracts/commerce';
import {
  COUNTRIES,
  REGION_LABEL,
  addressProblems,
  postalCodeRequired,
  regionRequired,
  type StoredAddress,
} from '../../../../shared/contracts/commerce-rules';
import {
  FieldShell,
  SubmitButton,
  TextField,
  checkOf,
  useFormState,
} from '../../../components/ui/form';
import { ApiError } from '../../../lib/api-client';
import { serverFieldErrors, type FieldErrors } from '../../../lib/form-errors';
import { createAddress } from '../api/checkout-api';

type Field = keyof StoredAddress;
/** Form order: a failed submit focuses the first field with an error. */
const FIELDS: readonly Field[] = [
  'name',
  'line1',
  'line2',
  'city',
  'region',
  'postalCode',
  'country',
  'phone',
];
/** A new address (an object type, not the interface: the form state needs its index signature). */
const EMPTY = {
  name: '',
  line1: '',
  line2: '',
  city: '',
  region: '',
  postalCode: '',
  country: 'US',
  phone: '',
};
type AddressValues = typeof EMPTY;
const SAVE_ERROR = 'We could not save the address. Please try again.';

/** Problems by field, from the shared rules (the server checks the same). */
function problemsOf(values: StoredAddress): FieldErrors {
  const out: FieldErrors = {};
  for (const p of addressProblems(values)) out[p.field] ??= p.message;
  return out;
}

/** A server 400's details name `address.<field>` (the JSON inside the form data). */
function serverErrors(err: ApiError): FieldErrors {
  const details = (err.details ?? []).map((d) => ({
    ...d,
    path: d.path[0] === 'address' ? d.path.slice(1) : d.path,
  }));
  return serverFieldErrors(details, FIELDS);
}

const optional = (label: string) => (
  <>
    {label} <span className="font-normal text-gray-700">(optional)</span>
  </>
);

/**
 * "Add an address": name, street, city, region and postal code as the chosen country needs them,
 * country and phone. Checked with the shared address rules before POST /addresses (form data,
 * SPEC §7); the server's field errors show by their fields too.
 */
export function AddressForm({
  use,
  onSaved,
  onCancel,
}: {
  use: 'shipping' | 'billing';
  onSaved: (address: AddressRecord) => void;
  onCancel?: () => void;
}) {
  const idBase = useId();
  const { values, setValues, errors, fieldProps, showErrors, send, pending } = useFormState(EMPTY, {
    fields: FIELDS,
    fieldId: (field) => `${idBase}-${field}`,
  });
  const country = values.country;
  const regionLabel = REGION_LABEL[country] ?? 'State, province or region';
  const auto = (token: string) => `${use} ${token}`;

  // After a failed submit, a field's error follows what is typed (gone once fixed). Not on blur:
  // an error leaving as focus moves to Save would shift the button under the pointer.
  const field = fieldProps;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void send({
      check: (v: AddressValues) => checkOf(problemsOf(v), v),
      call: createAddress,
      done: ({ address }) => onSaved(address),
      // The server names `address.<field>` (the JSON inside the form data).
      handled: (err) => {
        const byField = err instanceof ApiError ? serverErrors(err) : {};
        if (!Object.keys(byField).length) return false;
        showErrors(byField);
        return true;
      },
      failure: SAVE_ERROR,
    });
  }

  const headingId = `${idBase}-heading`;
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-labelledby={headingId}
      className="card mt-4 space-y-4"
      data-testid="address-form"
    >
      <h3 id={headingId} className="text-lg font-semibold text-gray-900">
        {use === 'billing' ? 'Add a billing address' : 'Add an address'}
      </h3>
      <TextField {...field('name')} label="Full name" autoComplete={auto('name')} required />
      <TextField
        {...field('line1')}
        label="Street address"
        autoComplete={auto('address-line1')}
        required
      />
      <TextField
        {...field('line2')}
        label={optional('Apartment, suite, building')}
        autoComplete={auto('address-line2')}
      />
      <TextField
        {...field('city')}
        label="City or town"
        autoComplete={auto('address-level2')}
        required
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          {...field('region')}
          label={regionRequired(country) ? regionLabel : optional(regionLabel)}
          autoComplete={auto('address-level1')}
          required={regionRequired(country)}
        />
        <TextField
          {...field('postalCode')}
          label={
            postalCodeRequired(country)
              ? country === 'US'
                ? 'ZIP code'
                : 'Postal code'
              : optional('Postal code')
          }
          autoComplete={auto('postal-code')}
          required={postalCodeRequired(country)}
        />
      </div>
      <FieldShell id={`${idBase}-country`} label="Country" error={errors.country}>
        {(aria) => (
          <select
            id={`${idBase}-country`}
            name="country"
            className="input"
            autoComplete={auto('country')}
            value={country}
            onChange={(e) => setValues((v) => ({ ...v, country: e.target.value }))}
            {...aria}
          >
            {Object.entries(COUNTRIES).map(([code, name]) => (
              <option key={code} value={code}>
                {name}
              </option>
            ))}
          </select>
        )}
      </FieldShell>
      <TextField
        {...field('phone')}
        type="tel"
        label={optional('Phone')}
        hint="For the carrier, if they need to reach you."
        autoComplete={auto('tel')}
      />
      <div className="flex flex-wrap gap-3">
        <SubmitButton pending={pending} pendingLabel="Saving…" testId="address-save">
          Save address
        </SubmitButton>
        {onCancel ? (
          <button type="button" className="btn btn-secondary" onClick={onCancel}>
            Cancel
          </button>
        ) : null}
      </div>
    </form>
  );
}
