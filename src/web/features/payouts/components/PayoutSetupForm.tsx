import type { FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { commerceApi } from '../../../../shared/api/commerce';
import { localOnboardingRequest } from '../../../../shared/contracts/commerce';
import { COUNTRIES } from '../../../../shared/contracts/commerce-rules';
import {
  FieldShell,
  SubmitButton,
  TextField,
  useFormState,
  usePending,
} from '../../../components/ui/form';
import { notifyError } from '../../../components/ui/modal';
import { api } from '../../../lib/api';
import { ApiError } from '../../../lib/api-client';
import { issuesToFieldErrors, serverFieldErrors } from '../../../lib/form-errors';
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
  const [pending, run] = usePending();
  const { values, fieldProps, showErrors } = useFormState(
    { holderName: '', country: '', accountNumber: '' },
    { fields: FIELDS, fieldId },
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = localOnboardingRequest.safeParse({ accountId, ...values });
    if (!parsed.success) return showErrors(issuesToFieldErrors(parsed.error.issues));
    showErrors({});
    void run(async () => {
      try {
        await api.call(commerceApi.localOnboarding, { body: parsed.data });
        await navigate('/onboarding-success');
      } catch (error) {
        if (error instanceof ApiError) showErrors(serverFieldErrors(error.details, FIELDS));
        void notifyError(error, PAYOUT_SAVE_ERROR);
      }
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
