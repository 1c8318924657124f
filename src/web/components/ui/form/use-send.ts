import { useRef, useState } from 'react';
import { usePending } from './use-pending';
import { ApiError } from '../../../lib/api-error';
import { apiErrorMessage } from '../../../lib/errors';
import { isSessionExpired } from '../../../lib/api-error';
import { firstInvalidField, serverFieldErrors, type FieldErrors } from '../../../lib/form-errors';
import { notifyError } from '../modal/notify-error';

/** What a form's check of its values answers (the shared zod contract, as the server checks). */
export type FormCheck<T> = { ok: true; data: T } | { ok: false; errors: FieldErrors };

export interface SendOptions<V, T, R> {
  /** Checks the values about to be sent; re-run on each edit of a field showing an error. */
  check: (values: V) => FormCheck<T> | Promise<FormCheck<T>>;
  /** The call, with what the check made of the values. */
  call: (data: T) => Promise<R>;
  /** What success does (a notice, a navigation…). */
  done?: (result: R) => void | Promise<void>;
  /**
   * A failure this form answers itself (e.g. "not activated" shown inline): return true to stop
   * the default (field errors, else the notice).
   */
  handled?: (error: unknown) => boolean;
  /** The message for a failure no field shows (SPEC §8's text for this form). */
  failure: string;
  /**
   * Where that message goes: the notify modal (default), or `inline` — the form's `failure`, shown
   * beside its submit button (a form inside a page's task, where a modal would hide the form).
   */
  failureShown?: 'notice' | 'inline';
  /**
   * Show the loading overlay while the call runs (default). False for a call that opens its own
   * modal first (a confirm whose Okay runs the write shows its own wait): no overlay behind it.
   */
  overlay?: boolean;
}

/** What became of a send: refused by the check, sent, failed at the server, or already under way. */
export type SendOutcome = 'invalid' | 'sent' | 'failed' | 'busy';

export interface SendSetup<F extends string> {
  /** The fields that can show an error, in form order: a failed submit focuses the first. */
  fields: readonly F[];
  /** Moves focus to a field's control. */
  focus: (field: F) => void;
}

/**
 * The one way a form of the web app is sent (docs/decisions/061): validate → call → field errors
 * → notice. `useFormState` builds on it for forms of text fields; a form that keeps its values its
 * own way (stars, nested fields, a confirm first) calls `send(values, options)` with them.
 * - an invalid value shows under its field and focus goes to the first; the server's field
 *   problems show the same way and nowhere else; any other failure is the notice (or the inline
 *   `failure`): the server's message, else `failure`; an ended session is the session modal's;
 * - after a failed try, `recheck(name, values)` on an edit re-runs the last check for that field,
 *   so its error goes as soon as the value is valid;
 * - `pending` is true meanwhile and a second submit is ignored.
 */
export function useSend<F extends string>(
  { fields, focus }: SendSetup<F>,
  initial: FieldErrors = {},
) {
  const [errors, setErrors] = useState<FieldErrors>(initial);
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, run] = usePending();
  const lastCheck = useRef<
    ((values: never) => FormCheck<unknown> | Promise<FormCheck<unknown>>) | null
  >(null);
  const errorsRef = useRef(errors);
  errorsRef.current = errors;

  function showErrors(found: FieldErrors) {
    setErrors(found);
    const first = firstInvalidField(fields, found);
    if (first) focus(first);
  }

  async function recheck<V>(name: string, next: V) {
    const check = lastCheck.current as
      ((values: V) => FormCheck<unknown> | Promise<FormCheck<unknown>>) | null;
    if (!check || !errorsRef.current[name]) return;
    const result = await check(next);
    const message = result.ok ? undefined : result.errors[name];
    setErrors((shown) => {
      if (!(name in shown) || shown[name] === message) return shown;
      const { [name]: _gone, ...rest } = shown;
      return message ? { ...rest, [name]: message } : rest;
    });
  }

  /** Sends `values`; answers what became of them (`busy`: a send was already under way). */
  function send<V, T, R>(values: V, options: SendOptions<V, T, R>): Promise<SendOutcome> {
    lastCheck.current = options.check as typeof lastCheck.current;
    return sendForm(values, options, { fields, showErrors, setErrors, setFailure, run });
  }

  return { errors, setErrors, failure, pending, showErrors, recheck, send };
}

/** What `sendForm` does to the form: its state setters and its pending runner. */
export interface FormIo {
  fields: readonly string[];
  showErrors: (found: FieldErrors) => void;
  setErrors: (errors: FieldErrors) => void;
  setFailure: (message: string | null) => void;
  run: (overlay: boolean, task: () => Promise<void>) => Promise<void>;
}

/** The steps of a send (what `useSend().send` runs), apart from React's state to be tested alone. */
export async function sendForm<V, T, R>(
  values: V,
  options: SendOptions<V, T, R>,
  io: FormIo,
): Promise<SendOutcome> {
  const { check, call, done, handled, failure: fallback, failureShown = 'notice' } = options;
  io.setFailure(null);
  const checked = await check(values);
  if (!checked.ok) {
    io.showErrors(checked.errors);
    return 'invalid';
  }
  io.setErrors({});
  let outcome: SendOutcome = 'busy';
  await io.run(options.overlay ?? true, async () => {
    try {
      const result = await call(checked.data);
      outcome = 'sent';
      await done?.(result);
    } catch (err) {
      outcome = 'failed';
      if (handled?.(err)) return;
      const byField = err instanceof ApiError ? serverFieldErrors(err.details, io.fields) : {};
      if (Object.keys(byField).length) io.showErrors(byField);
      else if (failureShown === 'notice') void notifyError(err, fallback);
      else if (!isSessionExpired(err)) io.setFailure(apiErrorMessage(err, fallback));
    }
  });
  return outcome;
}

/** A check written as "the errors found" (none: valid), answering `data` when there are none. */
export function checkOf<T>(errors: FieldErrors, data: T): FormCheck<T> {
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, data };
}
