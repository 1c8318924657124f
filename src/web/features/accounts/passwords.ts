import { passwordSchema } from '../../../shared/contracts/accounts';
import type { FieldErrors } from '../../lib/form-errors';

export const PASSWORDS_DIFFER = 'The two passwords do not match.';

/**
 * A new password and its confirmation: the shared password rule (8–128 characters) on the first,
 * equality on the second. Keys: `password`, `confirm`.
 */
export function checkNewPassword(password: string, confirm: string): FieldErrors {
  const errors: FieldErrors = {};
  const parsed = passwordSchema.safeParse(password);
  if (!parsed.success) errors.password = parsed.error.issues[0]?.message ?? 'Enter a password.';
  else if (password !== confirm) errors.confirm = PASSWORDS_DIFFER;
  return errors;
}
