// Form building blocks: accessible fields, and the hooks that hold a form's values, errors and
// pending state and send it (one way for every form, docs/decisions/061).
export {
  FieldShell,
  PasswordField,
  SubmitButton,
  TextAreaField,
  TextField,
  focusField,
} from './fields';
export { useFormState } from './use-form-state';
export { checkOf, useSend, type FormCheck, type SendOptions } from './use-send';
export { usePending } from './use-pending';
