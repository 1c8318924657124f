import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import {
  ACCOUNT_TYPES,
  PASSWORD_MAX,
  PASSWORD_MIN,
  USERNAME_RULE,
  type AccountType,
} from '../../../../shared/contracts/account-rules';
import { MESSAGES } from '../../../../shared/messages';
import { PasswordField, SubmitButton, TextField, useFormState } from '../../../components/ui/form';
import { modalActions, showNotify } from '../../../components/ui/modal';
import { describedBy, type FieldErrors } from '../../../lib/form-errors';
import { register } from '../api/accounts-api';
import { pageUrlHint } from '../page-url';
import { preloadAccountSchemas, validate } from '../validation';

const FIELDS = ['username', 'name', 'email', 'password', 'accountType'] as const;
export const REGISTER_FIELDS = FIELDS;

/**
 * What the /login?action=register action answers a plain (no-JavaScript) post with: the entered
 * values (never the password) and the server's message or the success text, shown inline.
 */
export interface RegisterFallback {
  values: { username: string; name: string; email: string; accountType: string };
  error?: string;
  registered?: string;
  fieldErrors?: FieldErrors;
}

const isAccountType = (value: string | undefined): value is AccountType =>
  (ACCOUNT_TYPES as readonly string[]).includes(value ?? '');

const TYPE_LABELS: Record<AccountType, { label: string; description: string }> = {
  seller: { label: 'Seller', description: 'Sell from your own page.' },
  buyer: { label: 'Buyer', description: 'Buy from sellers and follow them.' },
  both: { label: 'Both', description: 'Sell your things and buy from others.' },
};

/**
 * Registration (SPEC §2 /login?action=register; DESIGN §4 POST /register). Validated with the
 * shared schema before sending; the server's answer (success or its message) is shown in a modal.
 * Without JavaScript the form posts to the route's action, whose answer (`fallback`) is inline.
 */
export function RegisterForm({
  appUrl,
  loginHref,
  fallback,
}: {
  appUrl: string;
  loginHref: string;
  fallback?: RegisterFallback;
}) {
  const initialType = fallback?.values.accountType;
  const [accountType, setAccountType] = useState<AccountType>(
    isAccountType(initialType) ? initialType : 'both',
  );
  const [serverError, setServerError] = useState<string | null>(fallback?.error ?? null);
  const { values, errors, fieldProps, send, pending } = useFormState(
    {
      username: fallback?.values.username ?? '',
      name: fallback?.values.name ?? '',
      email: fallback?.values.email ?? '',
      password: '',
    },
    {
      fields: FIELDS,
      // The account type's error focuses the chosen radio button.
      fieldId: (field) =>
        field === 'accountType' ? `register-type-${accountType}` : `register-${field}`,
    },
    fallback?.fieldErrors,
  );

  async function submit() {
    setServerError(null);
    await send({
      check: (v) => validate((s) => s.registerRequest, { ...v, accountType }),
      call: register,
      done: (res) =>
        void showNotify(
          res.message || MESSAGES.registrationSuccess,
          modalActions.navigate(loginHref),
        ),
      failure: MESSAGES.registrationError,
    });
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void submit();
  }

  if (fallback?.registered) {
    return (
      <div role="status" data-testid="register-success">
        <p className="text-gray-900">{fallback.registered}</p>
        <Link to={loginHref} className="btn btn-primary mt-4">
          Log in
        </Link>
      </div>
    );
  }

  const typeErrorId = errors.accountType ? 'register-type-error' : null;
  return (
    <form
      method="post"
      noValidate
      onSubmit={onSubmit}
      onFocus={preloadAccountSchemas}
      className="space-y-5"
      aria-label="Sign up"
      data-testid="register-form"
    >
      {serverError ? (
        <p
          role="alert"
          className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900"
          data-testid="register-error"
        >
          {serverError}
        </p>
      ) : null}
      <TextField
        {...fieldProps('username')}
        label="Username"
        autoComplete="username"
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        required
        hint={
          <>
            Your page will be at{' '}
            <span className="font-medium break-all text-gray-900" data-testid="register-page-url">
              {pageUrlHint(appUrl, values.username)}
            </span>
            . {USERNAME_RULE}
          </>
        }
      />
      <TextField
        {...fieldProps('name')}
        label="Display name"
        autoComplete="name"
        required
        hint="Shown on your page and profile. You can change it later."
      />
      <TextField
        {...fieldProps('email')}
        label="Email address"
        type="email"
        inputMode="email"
        autoComplete="email"
        required
        hint="We send your activation link here."
      />
      <PasswordField
        {...fieldProps('password')}
        label="Password"
        autoComplete="new-password"
        required
        minLength={PASSWORD_MIN}
        maxLength={PASSWORD_MAX}
        hint={`${PASSWORD_MIN} to ${PASSWORD_MAX} characters. A few words you will remember work well.`}
      />
      <fieldset aria-describedby={describedBy(typeErrorId)} data-testid="register-account-type">
        <legend className="field-label">Account type</legend>
        <div className="mt-1 grid gap-2 md:grid-cols-3">
          {ACCOUNT_TYPES.map((type) => (
            <label
              key={type}
              className="flex cursor-pointer items-start gap-3 rounded-lg border border-gray-300 p-3 has-[:checked]:border-indigo-600 has-[:checked]:bg-indigo-50"
            >
              <input
                type="radio"
                id={`register-type-${type}`}
                name="accountType"
                value={type}
                checked={accountType === type}
                onChange={() => setAccountType(type)}
                aria-invalid={errors.accountType ? true : undefined}
                className="mt-1 size-4 accent-indigo-700"
              />
              <span>
                <span className="block font-semibold text-gray-900">{TYPE_LABELS[type].label}</span>
                <span className="block text-sm text-gray-700">{TYPE_LABELS[type].description}</span>
              </span>
            </label>
          ))}
        </div>
        {errors.accountType ? (
          <p id={typeErrorId ?? undefined} className="field-error">
            {errors.accountType}
          </p>
        ) : null}
      </fieldset>
      <SubmitButton
        pending={pending}
        pendingLabel="Creating your account…"
        testId="register-submit"
        worksWithoutScript
      >
        Sign up
      </SubmitButton>
    </form>
  );
}
