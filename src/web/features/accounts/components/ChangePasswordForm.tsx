import type { FormEvent } from 'react';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../../../shared/contracts/account-rules';
import { MESSAGES } from '../../../../shared/messages';
import { PasswordField, SubmitButton, checkOf, useFormState } from '../../../components/ui/form';
import { showNotify } from '../../../components/ui/modal';
import { type FieldErrors } from '../../../lib/form-errors';
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
  const { setValues, fieldProps, send, pending } = useFormState(EMPTY, {
    fields: FIELDS,
    fieldId: (field) => FIELD_IDS[field],
  });

  async function check(v: typeof EMPTY) {
    const found: FieldErrors = await checkNewPassword(v.password, v.confirm);
    if (!v.currentPassword) found.currentPassword = 'Enter your current password.';
    return checkOf(found, v);
  }

  async function submit() {
    await send({
      check,
      call: (v) => changePassword(v.currentPassword, v.password),
      done: (res) => {
        setValues(EMPTY);
        void showNotify(res.message || MESSAGES.passwordUpdated);
      },
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
