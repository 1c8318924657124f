// Form building blocks: accessible fields, and the hooks that hold a form's values, errors and
// pending state.
export {
  FieldShell,
  PasswordField,
  SubmitButton,
  TextAreaField,
  TextField,
  focusField,
} from './fields';
export { checkOf, useFormState, type FormCheck } from './use-form-state';
export { usePending } from './use-pending';
