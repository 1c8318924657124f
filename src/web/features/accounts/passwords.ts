import type { FieldErrors } from '../../lib/form-errors';
import { accountSchemas } from './validation';

export const PASSWORDS_DIFFER = 'The two passwords do not match.';

/**
 * A new password and its confirmation: the shared password rule (8–128 characters) on the first,
 * equality on the second. Keys: `password`, `confirm`. Async: the rule is the contract's zod
 * schema, loaded on first use (validation.ts).
 */
export async function checkNewPassword(password: string, confirm: string): Promise<FieldErrors> {
  const errors: FieldErrors = {};
  const parsed = (await accountSchemas()).passwordSchema.safeParse(password);
  if (!parsed.success) errors.password = parsed.error.issues[0]?.message ?? 'Enter a password.';
  else if (password !== confirm) errors.confirm = PASSWORDS_DIFFER;
  return errors;
}
