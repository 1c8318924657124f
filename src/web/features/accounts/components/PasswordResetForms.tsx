import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../../../shared/contracts/account-rules';
import { MESSAGES } from '../../../../shared/messages';
import {
  PasswordField,
  SubmitButton,
  TextField,
  checkOf,
  useFormState,
} from '../../../components/ui/form';
import { modalActions, showNotify } from '../../../components/ui/modal';
import { requestPasswordReset, resetPassword } from '../api/accounts-api';
import { checkNewPassword } from '../passwords';
import { preloadAccountSchemas, validate } from '../validation';

/** /reset-password: an email → POST /users/password-reset-link; the same answer for any email. */
export function ResetLinkForm() {
  const { fieldProps, send, pending } = useFormState(
    { email: '' },
    { fields: ['email'], fieldId: () => 'reset-email' },
  );
  const [sent, setSent] = useState<string | null>(null);

  async function submit() {
    await send({
      check: (v) => validate((s) => s.emailRequest, v),
      call: requestPasswordReset,
      done: (res) => setSent(res.message || MESSAGES.passwordResetLinkSent),
      failure: MESSAGES.genericError,
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
        {...fieldProps('email')}
        label="Email address"
        type="email"
        inputMode="email"
        autoComplete="email"
        required
      />
      <SubmitButton pending={pending} pendingLabel="Sending…" testId="reset-link-submit">
        Send reset link
      </SubmitButton>
    </form>
  );
}

/** /password-reset/:token: new password twice → PATCH /users/password { token, password }. */
export function NewPasswordForm({ token }: { token: string }) {
  const { fieldProps, send, pending } = useFormState(
    { password: '', confirm: '' },
    { fields: ['password', 'confirm'], fieldId: (field) => `new-${field}` },
  );
  const navigate = useNavigate();

  async function submit() {
    await send({
      check: async (v) => checkOf(await checkNewPassword(v.password, v.confirm), v),
      call: (v) => resetPassword(token, v.password),
      // Okay goes to /login (SPEC §8); closing the modal otherwise goes there too.
      done: (res) =>
        void showNotify(res.message || MESSAGES.passwordUpdated, modalActions.navigate('/login'))
          .then((okay) => okay || navigate('/login'))
          .catch(() => undefined),
      failure: MESSAGES.passwordSaveError,
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
