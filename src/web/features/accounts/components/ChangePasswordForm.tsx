import type { FormEvent } from 'react';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../../../shared/contracts/account-rules';
import { MESSAGES } from '../../../../shared/messages';
import { PasswordField, SubmitButton, useFormState, usePending } from '../../../components/ui/form';
import { notifyError, showNotify } from '../../../components/ui/modal';
import { ApiError } from '../../../lib/api-client';
import { serverFieldErrors, type FieldErrors } from '../../../lib/form-errors';
import { changePassword } from '../api/accounts-api';
import { checkNewPassword } from '../passwords';
import { preloadAccountSchemas } from '../validation';

const FIELDS = ['currentPassword', 'password', 'confirm'] as const;
const FIELD_IDS: Record<(typeof FIELDS)[number], string> = {
  currentPassword: 'change-current',
  password: 'change-password',
  confirm: 'change-confirm',
};
const EMPTY = { currentPassword: '', password: '', confirm: '' };

/**
 * Signed-in password change: current + new (twice) → PATCH /users/password. The server ends every
 * other session and renews this one's cookies.
 */
export function ChangePasswordForm({ username }: { username: string }) {
  const { values, setValues, setErrors, fieldProps, showErrors } = useFormState(EMPTY, {
    fields: FIELDS,
    fieldId: (field) => FIELD_IDS[field],
  });
  const [pending, run] = usePending();

  async function submit() {
    const found: FieldErrors = await checkNewPassword(values.password, values.confirm);
    if (!values.currentPassword) found.currentPassword = 'Enter your current password.';
    if (Object.keys(found).length) return showErrors(found);
    setErrors({});
    void run(async () => {
      try {
        const res = await changePassword(values.currentPassword, values.password);
        setValues(EMPTY);
        void showNotify(res.message || MESSAGES.passwordUpdated);
      } catch (err) {
        if (err instanceof ApiError)
          showErrors(serverFieldErrors(err.details, ['currentPassword', 'password']));
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
      aria-label="Change password"
      data-testid="change-password-form"
    >
      {/* Lets password managers file the new password under the right account. */}
      <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
      <PasswordField
        {...fieldProps('currentPassword')}
        label="Current password"
        autoComplete="current-password"
        required
      />
      <PasswordField
        {...fieldProps('password')}
        label="New password"
        autoComplete="new-password"
        required
        hint={`${PASSWORD_MIN} to ${PASSWORD_MAX} characters. Other devices are signed out.`}
      />
      <PasswordField
        {...fieldProps('confirm')}
        label="Repeat the new password"
        autoComplete="new-password"
        required
      />
      <SubmitButton
        pending={pending}
        pendingLabel="Saving…"
        className="btn btn-secondary w-full md:w-auto"
        testId="change-password-submit"
      >
        Change password
      </SubmitButton>
    </form>
  );
}
