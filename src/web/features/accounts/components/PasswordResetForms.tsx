import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../../../shared/contracts/account-rules';
import { MESSAGES } from '../../../../shared/messages';
import {
  PasswordField,
  SubmitButton,
  TextField,
  focusField,
  useFormState,
  usePending,
} from '../../../components/ui/form';
import { modalActions, notifyError, showNotify } from '../../../components/ui/modal';
import { ApiError } from '../../../lib/api-client';
import { serverFieldErrors } from '../../../lib/form-errors';
import { requestPasswordReset, resetPassword } from '../api/accounts-api';
import { checkNewPassword } from '../passwords';
import { preloadAccountSchemas, validate } from '../validation';

/** /reset-password: an email → POST /users/password-reset-link; the same answer for any email. */
export function ResetLinkForm() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [sent, setSent] = useState<string | null>(null);
  const [pending, run] = usePending();

  async function submit() {
    const checked = await validate((s) => s.emailRequest, { email });
    if (!checked.ok) {
      setError(checked.errors.email);
      focusField('reset-email');
      return;
    }
    setError(undefined);
    void run(async () => {
      try {
        const res = await requestPasswordReset(checked.data);
        setSent(res.message || MESSAGES.passwordResetLinkSent);
      } catch (err) {
        void notifyError(err, MESSAGES.genericError);
      }
    });
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void submit();
  }

  if (sent)
    return (
      <div role="status" data-testid="reset-link-sent">
        <p className="text-lg font-semibold text-gray-900">{sent}</p>
        <p className="mt-2 text-gray-700">
          The link works for one hour. Check your spam folder if nothing arrives within a few
          minutes.
        </p>
        <button type="button" className="btn btn-secondary mt-5" onClick={() => setSent(null)}>
          Send another link
        </button>
      </div>
    );

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      onFocus={preloadAccountSchemas}
      className="space-y-5"
      aria-label="Request a password reset link"
      data-testid="reset-link-form"
    >
      <TextField
        id="reset-email"
        name="email"
        label="Email address"
        type="email"
        inputMode="email"
        autoComplete="email"
        required
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={error}
      />
      <SubmitButton pending={pending} pendingLabel="Sending…" testId="reset-link-submit">
        Send reset link
      </SubmitButton>
    </form>
  );
}

/** /password-reset/:token: new password twice → PATCH /users/password { token, password }. */
export function NewPasswordForm({ token }: { token: string }) {
  const { values, setErrors, fieldProps, showErrors } = useFormState(
    { password: '', confirm: '' },
    { fields: ['password', 'confirm'], fieldId: (field) => `new-${field}` },
  );
  const [pending, run] = usePending();
  const navigate = useNavigate();

  async function submit() {
    const found = await checkNewPassword(values.password, values.confirm);
    if (Object.keys(found).length) return showErrors(found);
    setErrors({});
    void run(async () => {
      try {
        const res = await resetPassword(token, values.password);
        // Okay goes to /login (SPEC §8); closing the modal otherwise goes there too.
        void showNotify(res.message || MESSAGES.passwordUpdated, modalActions.navigate('/login'))
          .then((okay) => okay || navigate('/login'))
          .catch(() => undefined);
      } catch (err) {
        if (err instanceof ApiError) showErrors(serverFieldErrors(err.details, ['password']));
        void notifyError(err, MESSAGES.passwordSaveError);
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
      className="space-y-5"
      aria-label="Choose a new password"
      data-testid="new-password-form"
    >
      <PasswordField
        {...fieldProps('password')}
        label="New password"
        autoComplete="new-password"
        required
        hint={`${PASSWORD_MIN} to ${PASSWORD_MAX} characters.`}
      />
      <PasswordField
        {...fieldProps('confirm')}
        label="Repeat the new password"
        autoComplete="new-password"
        required
      />
      <SubmitButton pending={pending} pendingLabel="Saving…" testId="new-password-submit">
        Save new password
      </SubmitButton>
    </form>
  );
}
