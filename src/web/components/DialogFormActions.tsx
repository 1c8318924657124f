import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';

/**
 * A form dialog's error line: announced (role="alert") when its text appears; kept in the page
 * while empty so the announcement is not lost to a freshly inserted node.
 */
export function DialogFormError({ testId, children }: { testId: string; children: ReactNode }) {
  return (
    <p role="alert" className="field-error" data-testid={testId}>
      {children}
    </p>
  );
}

/**
 * The footer every form dialog shares: the error line (when `errorTestId` is given), Cancel
 * (closes the dialog, unavailable while busy) and the main button — the form's submit, marked
 * busy while it runs, or with `onClick` a plain button for a step outside the form.
 */
export function DialogFormActions({
  busy,
  submitLabel,
  submitTestId,
  error,
  errorTestId,
  onClick,
  disabled = false,
  className = '',
}: {
  busy: boolean;
  submitLabel: ReactNode;
  submitTestId: string;
  error?: ReactNode;
  errorTestId?: string;
  /** A button outside the form's submit (the dialog's last step). */
  onClick?: () => void;
  /** Unavailable for a reason besides being busy (nothing chosen yet). */
  disabled?: boolean;
  className?: string;
}) {
  return (
    <>
      {errorTestId !== undefined ? (
        <DialogFormError testId={errorTestId}>{error}</DialogFormError>
      ) : null}
      <div className={`flex flex-wrap justify-end gap-3 ${className}`.trim()}>
        <Dialog.Close asChild>
          <button type="button" className="btn btn-secondary" disabled={busy}>
            Cancel
          </button>
        </Dialog.Close>
        <button
          type={onClick ? 'button' : 'submit'}
          className="btn btn-primary"
          disabled={busy || disabled}
          aria-busy={(!onClick && busy) || undefined}
          onClick={onClick}
          data-testid={submitTestId}
        >
          {submitLabel}
        </button>
      </div>
    </>
  );
}
