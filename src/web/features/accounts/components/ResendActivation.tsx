import { useState, type FormEvent } from 'react';
import { MESSAGES } from '../../../../shared/messages';
import { notifyError, showNotify } from '../../../components/ui/modal';
import { SubmitButton, TextField, focusField, usePending } from '../../../components/ui/form';
import { resendActivation } from '../api/accounts-api';
import { preloadAccountSchemas, validate } from '../validation';

/** "Re-send activation email": an email box → POST /re-send-account-verification. */
export function ResendActivation({
  defaultEmail = '',
  idPrefix = 'resend',
}: {
  defaultEmail?: string;
  idPrefix?: string;
}) {
  const [email, setEmail] = useState(defaultEmail);
  const [error, setError] = useState<string | undefined>();
  const [pending, run] = usePending();
  const fieldId = `${idPrefix}-email`;

  async function submit() {
    const checked = await validate((s) => s.emailRequest, { email });
    if (!checked.ok) {
      setError(checked.errors.email ?? 'Enter a valid email address.');
      focusField(fieldId);
      return;
    }
    setError(undefined);
    void run(async () => {
      try {
        const res = await resendActivation(checked.data);
        void showNotify(res.message || MESSAGES.verificationResent);
      } catch (err) {
        void notifyError(err, MESSAGES.verificationResendError);
      }
    });
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void submit();
  }

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      onFocus={preloadAccountSchemas}
      className="mt-4 space-y-3"
      aria-label="Re-send activation email"
      data-testid="resend-activation-form"
    >
      <TextField
        id={fieldId}
        label="Email address"
        type="email"
        inputMode="email"
        autoComplete="email"
        required
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={error}
      />
      <SubmitButton
        pending={pending}
        className="btn btn-secondary w-full md:w-auto"
        pendingLabel="Sending…"
        testId="resend-activation-submit"
      >
        Re-send activation email
      </SubmitButton>
    </form>
  );
}
