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
  const [values, setValues] = useState(initialValues);
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
