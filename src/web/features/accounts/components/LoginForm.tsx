import { lazy, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import type { LoginResponse } from '../../../../shared/contracts/accounts';
import { MESSAGES } from '../../../../shared/messages';
import { PasswordField, SubmitButton, TextField, useFormState } from '../../../components/ui/form';
import { ApiError } from '../../../lib/api-client';
import type { FieldErrors } from '../../../lib/form-errors';
import { login } from '../api/accounts-api';
import { preloadAccountSchemas, validate } from '../validation';

// Only an unactivated account's failed login shows it: loaded then, not with the login page (the
// login page is prefetched on every public page, whose JavaScript budget is tight). No <Suspense>:
// the server render waits for it, so the no-JavaScript form shows it too (docs/decisions/011).
const ResendActivation = lazy(() =>
  import('./ResendActivation').then((m) => ({ default: m.ResendActivation })),
);

const FIELDS = ['email', 'password'] as const;

/**
 * What the /login action answers a plain (no-JavaScript) post with: the entered login (never the
 * password) and the server's message, shown inline instead of in a modal.
 */
export interface LoginFallback {
  values: { email: string };
  error?: string;
  notActivated?: string;
  fieldErrors?: FieldErrors;
}

/**
 * The log-in form (email or username + password). Success hands the answer to `onSignedIn`
 * (the route stores the session and navigates); a not-activated account gets the server's
 * explanation and a "Re-send activation email" form; other failures show the server's message
 * in a modal, else the SPEC §8 login error. Without JavaScript the form posts to the route's
 * action, whose answer (`fallback`) is shown inline.
 */
export function LoginForm({
  onSignedIn,
  registerHref,
  fallback,
}: {
  onSignedIn: (res: LoginResponse) => void | Promise<void>;
  registerHref: string;
  fallback?: LoginFallback;
}) {
  const { values, fieldProps, send, pending } = useFormState(
    { email: fallback?.values.email ?? '', password: '' },
    { fields: FIELDS, fieldId: (field) => `login-${field}` },
    fallback?.fieldErrors,
  );
  const [notActivated, setNotActivated] = useState<string | null>(fallback?.notActivated ?? null);
  const [serverError, setServerError] = useState<string | null>(fallback?.error ?? null);

  async function submit() {
    setNotActivated(null);
    setServerError(null);
    await send({
      check: (v) => validate((s) => s.loginRequest, v),
      call: login,
      done: onSignedIn,
      // An account not activated yet is answered on the form, with the resend link.
      handled: (err) => {
        if (!(err instanceof ApiError && err.code === 'ACCOUNT_NOT_ACTIVATED')) return false;
        setNotActivated(err.message);
        return true;
      },
      failure: MESSAGES.loginError,
    });
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void submit();
  }

  return (
    <>
      {serverError ? (
        <p
          role="alert"
          className="mb-5 rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900"
          data-testid="login-error"
        >
          {serverError}
        </p>
      ) : null}
      <form
        method="post"
        noValidate
        onSubmit={onSubmit}
        onFocus={preloadAccountSchemas}
        className="space-y-5"
        aria-label="Log in"
        data-testid="login-form"
      >
        <TextField
          {...fieldProps('email')}
          label="Email or username"
          type="text"
          autoComplete="username"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          required
        />
        <PasswordField
          {...fieldProps('password')}
          label="Password"
          autoComplete="current-password"
          required
        />
        {/* Tab order follows what is seen, at every width: Log in, then "Forgot password?" */}
        <div className="flex flex-col gap-4 md:flex-row md:items-center md:justify-between">
          <SubmitButton
            pending={pending}
            pendingLabel="Logging in…"
            testId="login-submit"
            worksWithoutScript
          >
            Log in
          </SubmitButton>
          <Link
            to="/reset-password"
            className="link self-start text-sm md:self-auto"
            data-testid="forgot-password"
          >
            Forgot password?
          </Link>
        </div>
      </form>

      {notActivated ? (
        <section
          role="alert"
          aria-labelledby="not-activated-heading"
          className="mt-6 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950"
          data-testid="not-activated"
        >
          <h2 id="not-activated-heading" className="font-semibold">
            Your account is not activated yet
          </h2>
          <p className="mt-1 text-sm">{notActivated}</p>
          <ResendActivation
            idPrefix="login-resend"
            defaultEmail={values.email.includes('@') ? values.email.trim() : ''}
          />
        </section>
      ) : null}

      <p className="mt-6 text-sm text-gray-700">
        New here?{' '}
        <Link to={registerHref} className="link" data-testid="switch-to-register">
          Sign up
        </Link>
      </p>
    </>
  );
}
