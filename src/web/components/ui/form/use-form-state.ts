import { useState } from 'react';
import { focusField } from './fields';
import { useSend, type SendOptions } from './use-send';
import type { FieldErrors } from '../../../lib/form-errors';

export { checkOf, type FormCheck, type SendOptions } from './use-send';

interface FormStateOptions<F extends string> {
  /** The fields that can show an error, in form order: a failed submit focuses the first. */
  fields: readonly F[];
  /** The id of a field's control (what `fieldProps` gives it and `showErrors` focuses). */
  fieldId: (field: F) => string;
}

/** Controls whose `value` is not what the person typed or chose (a checkbox's is "on"). */
const NOT_TYPED = new Set(['checkbox', 'radio', 'file', 'hidden', 'submit', 'button']);

/**
 * The values typed before the page's script ran: on a slow phone the server's form is on screen
 * (and typed into) seconds before it. Read from the controls while hydrating — before React puts
 * its own state into them, which would wipe them — and kept as the form's first state. On the
 * server, and where nothing was typed, the initial values.
 */
function typedBeforeHydration<V extends Record<string, string>>(
  initial: V,
  fieldId: (field: string) => string,
): V {
  if (typeof document === 'undefined') return initial;
  let typed: V | null = null;
  for (const name of Object.keys(initial)) {
    const control = document.getElementById(fieldId(name));
    const value =
      control instanceof HTMLInputElement
        ? NOT_TYPED.has(control.type)
          ? undefined
          : control.value
        : control instanceof HTMLTextAreaElement || control instanceof HTMLSelectElement
          ? control.value
          : undefined;
    if (value !== undefined && value !== initial[name]) typed = { ...(typed ?? initial), [name]: value };
  }
  return typed ?? initial;
}

/**
 * The state of a form of text fields, sent the one way (`useSend`, docs/decisions/061):
 * - `fieldProps(name)`: the id, name, value, onChange and error of that field's control; after a
 *   failed try, editing a field re-checks it, so its error goes as soon as its value is valid;
 * - `send({ check, call, done, failure })`: `useSend`'s send with the form's values;
 * - `showErrors(found)`: shows these errors and moves focus to the first invalid field.
 */
export function useFormState<V extends Record<string, string>, F extends string>(
  initialValues: V,
  { fields, fieldId }: FormStateOptions<F | Extract<keyof V, string>>,
  /** Errors to show from the start (a server-rendered answer to a post without JavaScript). */
  initialErrors: FieldErrors = {},
) {
  const [values, setValues] = useState(() =>
    typedBeforeHydration(initialValues, fieldId as (field: string) => string),
  );
  const sender = useSend({ fields, focus: (field) => focusField(fieldId(field)) }, initialErrors);

  const fieldProps = (name: Extract<keyof V, string>) => ({
    id: fieldId(name),
    name,
    value: values[name],
    onChange: (e: { target: { value: string } }) => {
      const next = { ...values, [name]: e.target.value };
      setValues((v) => ({ ...v, [name]: e.target.value }));
      void sender.recheck(name, next);
    },
    error: sender.errors[name],
  });

  function send<T, R>(options: SendOptions<V, T, R>) {
    return sender.send(values, options);
  }

  return {
    values,
    setValues,
    errors: sender.errors,
    setErrors: sender.setErrors,
    failure: sender.failure,
    fieldProps,
    showErrors: sender.showErrors,
    send,
    pending: sender.pending,
  };
}
