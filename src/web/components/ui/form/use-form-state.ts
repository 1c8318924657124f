import { useRef, useState } from 'react';
import { focusField } from './fields';
import { usePending } from './use-pending';
import { ApiError } from '../../../lib/api-error';
import { firstInvalidField, serverFieldErrors, type FieldErrors } from '../../../lib/form-errors';
import { notifyError } from '../modal/notify-error';

interface FormStateOptions<F extends string> {
  /** The fields that can show an error, in form order: a failed submit focuses the first. */
  fields: readonly F[];
  /** The id of a field's control (what `fieldProps` gives it and `showErrors` focuses). */
  fieldId: (field: F) => string;
}

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
  /** The notice for a failure no field shows (SPEC §8's text for this form). */
  failure: string;
}

/**
 * The state of a form of text fields and the one way it is sent (docs/decisions/061):
 * - `fieldProps(name)`: the id, name, value, onChange and error of that field's control; after a
 *   failed try, editing a field re-checks it, so its error goes as soon as its value is valid;
 * - `send({ check, call, done, failure })`: validate → call → field errors → notice. An invalid
 *   value shows under its field (focus goes to the first); the server's field problems show the
 *   same way and nowhere else; any other failure is the notice (`failure`, or the server's
 *   message); `pending` is true meanwhile and a second submit is ignored;
 * - `showErrors(found)`: shows these errors and moves focus to the first invalid field.
 */
export function useFormState<V extends Record<string, string>, F extends string>(
  initialValues: V,
  { fields, fieldId }: FormStateOptions<F | Extract<keyof V, string>>,
  /** Errors to show from the start (a server-rendered answer to a post without JavaScript). */
  initialErrors: FieldErrors = {},
) {
  const [values, setValues] = useState(initialValues);
  const [errors, setErrors] = useState<FieldErrors>(initialErrors);
  const [pending, run] = usePending();
  /** The last check a send ran: what an edited field is re-checked with. */
  const lastCheck = useRef<
    ((values: V) => FormCheck<unknown> | Promise<FormCheck<unknown>>) | null
  >(null);
  const errorsRef = useRef(errors);
  errorsRef.current = errors;

  async function recheck(name: string, next: V) {
    const check = lastCheck.current;
    if (!check || !errorsRef.current[name]) return;
    const result = await check(next);
    const message = result.ok ? undefined : result.errors[name];
    setErrors((shown) => {
      if (!(name in shown) || shown[name] === message) return shown;
      const { [name]: _gone, ...rest } = shown;
      return message ? { ...rest, [name]: message } : rest;
    });
  }

  const fieldProps = (name: Extract<keyof V, string>) => ({
    id: fieldId(name),
    name,
    value: values[name],
    onChange: (e: { target: { value: string } }) => {
      const next = { ...values, [name]: e.target.value };
      setValues((v) => ({ ...v, [name]: e.target.value }));
      void recheck(name, next);
    },
    error: errors[name],
  });

  function showErrors(found: FieldErrors) {
    setErrors(found);
    const first = firstInvalidField(fields, found);
    if (first) focusField(fieldId(first));
  }

  async function send<T, R>({ check, call, done, handled, failure }: SendOptions<V, T, R>) {
    lastCheck.current = check;
    const checked = await check(values);
    if (!checked.ok) return showErrors(checked.errors);
    setErrors({});
    await run(async () => {
      try {
        const result = await call(checked.data);
        await done?.(result);
      } catch (err) {
        if (handled?.(err)) return;
        const byField = err instanceof ApiError ? serverFieldErrors(err.details, fields) : {};
        if (Object.keys(byField).length) showErrors(byField);
        else void notifyError(err, failure);
      }
    });
  }

  return { values, setValues, errors, setErrors, fieldProps, showErrors, send, pending };
}

/** A check written as "the errors found" (none: valid), answering `data` when there are none. */
export function checkOf<T>(errors: FieldErrors, data: T): FormCheck<T> {
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, data };
}
