import { useState } from 'react';
import { focusField } from './fields';
import { firstInvalidField, type FieldErrors } from '../../../lib/form-errors';

interface FormStateOptions<F extends string> {
  /** The fields that can show an error, in form order: a failed submit focuses the first. */
  fields: readonly F[];
  /** The id of a field's control (what `fieldProps` gives it and `showErrors` focuses). */
  fieldId: (field: F) => string;
}

/**
 * The state of a form of text fields: their values, the field errors shown, and
 * - `fieldProps(name)`: the id, name, value, onChange and error of that field's control;
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

  const fieldProps = (name: Extract<keyof V, string>) => ({
    id: fieldId(name),
    name,
    value: values[name],
    onChange: (e: { target: { value: string } }) =>
      setValues((v) => ({ ...v, [name]: e.target.value })),
    error: errors[name],
  });

  function showErrors(found: FieldErrors) {
    setErrors(found);
    const first = firstInvalidField(fields, found);
    if (first) focusField(fieldId(first));
  }

  return { values, setValues, errors, setErrors, fieldProps, showErrors };
}
