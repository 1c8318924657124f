import type { FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { commerceApi } from '../../../../shared/api/commerce';
import { localOnboardingRequest } from '../../../../shared/contracts/commerce';
import { COUNTRIES } from '../../../../shared/contracts/commerce-rules';
import { FieldShell, SubmitButton, TextField, useFormState } from '../../../components/ui/form';
import { api } from '../../../lib/api';
import { issuesToFieldErrors } from '../../../lib/form-errors';
import { PAYOUT_SAVE_ERROR } from '../api/payouts-api';

const FIELDS = ['holderName', 'country', 'accountNumber'] as const;
const fieldId = (field: string) => `payout-${field}`;

const COUNTRY_OPTIONS = Object.entries(COUNTRIES).sort(([, a], [, b]) => a.localeCompare(b));

/**
 * The embedded payment driver's payout form (/payout-setup): who is paid, in which country, and
 * the IBAN or account number — of which only the last four characters are kept. Checked with the
 * server's own rules first; problems show by their field. Done → /onboarding-success.
 */
export function PayoutSetupForm({ accountId }: { accountId: string }) {
  const navigate = useNavigate();
  const { fieldProps, send, pending } = useFormState(
    { holderName: '', country: '', accountNumber: '' },
    { fields: FIELDS, fieldId },
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    void send({
      check: (v) => {
        const parsed = localOnboardingRequest.safeParse({ accountId, ...v });
        return parsed.success
          ? { ok: true, data: parsed.data }
          : { ok: false, errors: issuesToFieldErrors(parsed.error.issues) };
      },
      call: (body) => api.call(commerceApi.localOnboarding, { body }),
      done: () => navigate('/onboarding-success'),
      failure: PAYOUT_SAVE_ERROR,
    });
  }

  const country = fieldProps('country');
  return (
    <form
      noValidate
      onSubmit={submit}
      className="card max-w-xl space-y-5"
      data-testid="payout-form"
    >
      <TextField
        {...fieldProps('holderName')}
        label="Account holder"
        hint="The name on the bank account, as your bank spells it."
        autoComplete="name"
        maxLength={100}
      />
      <FieldShell id={country.id} label="Country of the bank account" error={country.error}>
        {(aria) => (
          <select
            id={country.id}
            name="country"
            className="input"
            value={country.value}
            onChange={country.onChange}
            {...aria}
          >
            <option value="">Choose a country</option>
            {COUNTRY_OPTIONS.map(([code, name]) => (
              <option key={code} value={code}>
                {name}
              </option>
            ))}
          </select>
        )}
      </FieldShell>
      <TextField
        {...fieldProps('accountNumber')}
        label="IBAN or account number"
        hint="We keep only the last four characters, to show you where your money goes. Spaces are fine."
        autoComplete="off"
        spellCheck={false}
        autoCapitalize="characters"
        maxLength={60}
      />
      <SubmitButton pending={pending} pendingLabel="Saving…" testId="payout-submit">
        Save payout details
      </SubmitButton>
    </form>
  );
}
