import {
  useState,
  type InputHTMLAttributes,
  type ReactNode,
  type TextareaHTMLAttributes,
} from 'react';
import { describedBy } from '../../../lib/form-errors';
import { useHydrated } from '../../../lib/use-hydrated';

/**
 * Accessible form fields: a visible label, the hint and error tied to the control with
 * aria-describedby, aria-invalid when the error is shown. The error text is the shared zod
 * schema's (or the server's) message.
 */
interface FieldShellProps {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  children: (aria: {
    'aria-invalid': true | undefined;
    'aria-describedby': string | undefined;
  }) => ReactNode;
  className?: string;
}

export function FieldShell({ id, label, hint, error, children, className = '' }: FieldShellProps) {
  const hintId = hint ? `${id}-hint` : null;
  const errorId = error ? `${id}-error` : null;
  return (
    <div className={className}>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      {children({
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy(hintId, errorId),
      })}
      {hint ? (
        <div id={hintId ?? undefined} className="field-hint">
          {hint}
        </div>
      ) : null}
      {error ? (
        <p id={errorId ?? undefined} className="field-error" data-testid={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  fieldClassName?: string;
};

export function TextField({ id, label, hint, error, fieldClassName, ...input }: InputProps) {
  return (
    <FieldShell id={id} label={label} hint={hint} error={error} className={fieldClassName}>
      {(aria) => <input id={id} name={id} className="input" {...aria} {...input} />}
    </FieldShell>
  );
}

/** A password input with a show/hide toggle; paste is never blocked. */
export function PasswordField({ id, label, hint, error, fieldClassName, ...input }: InputProps) {
  const [visible, setVisible] = useState(false);
  return (
    <FieldShell id={id} label={label} hint={hint} error={error} className={fieldClassName}>
      {(aria) => (
        <div className="relative">
          <input
            id={id}
            name={id}
            className="input pr-20"
            type={visible ? 'text' : 'password'}
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            {...aria}
            {...input}
          />
          <button
            type="button"
            className="absolute inset-y-0 right-0 my-auto mr-1 h-9 rounded-md px-3 text-sm font-semibold text-indigo-700 hover:bg-indigo-50"
            aria-controls={id}
            aria-pressed={visible}
            aria-label={visible ? 'Hide password' : 'Show password'}
            data-testid={`${id}-toggle`}
            onClick={() => setVisible((v) => !v)}
          >
            {visible ? 'Hide' : 'Show'}
          </button>
        </div>
      )}
    </FieldShell>
  );
}

type TextAreaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> & {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  fieldClassName?: string;
};

export function TextAreaField({ id, label, hint, error, fieldClassName, ...area }: TextAreaProps) {
  return (
    <FieldShell id={id} label={label} hint={hint} error={error} className={fieldClassName}>
      {(aria) => <textarea id={id} name={id} className="input min-h-28" {...aria} {...area} />}
    </FieldShell>
  );
}

/**
 * A submit button that is disabled and says so while the form is being sent.
 *
 * Until the page's script runs, a form that script sends has only the browser's own submission:
 * a GET of the page's address with every field in the query — into the address bar, history and
 * server logs, a password with them. So its button stays disabled until hydration, and with it
 * the Enter key (implicit submission does nothing when the default button is disabled). A form
 * its route's action takes as a plain post (`worksWithoutScript`: log in, sign up, contact) is
 * sent as it is.
 */
export function SubmitButton({
  pending,
  children,
  pendingLabel,
  className = 'btn btn-primary w-full md:w-auto',
  testId,
  worksWithoutScript = false,
}: {
  pending: boolean;
  children: ReactNode;
  pendingLabel?: ReactNode;
  className?: string;
  testId?: string;
  worksWithoutScript?: boolean;
}) {
  const hydrated = useHydrated();
  return (
    <button
      type="submit"
      className={className}
      disabled={pending || (!worksWithoutScript && !hydrated)}
      aria-disabled={pending || undefined}
      data-testid={testId}
    >
      {pending ? (pendingLabel ?? children) : children}
    </button>
  );
}

/** Focuses the control with this id (the first invalid field after a failed submit). */
export function focusField(id: string | null): void {
  if (!id || typeof document === 'undefined') return;
  const el = document.getElementById(id);
  if (el instanceof HTMLElement) el.focus();
}
