import type { z } from 'zod';
import type * as AccountContracts from '../../../shared/contracts/accounts';
import { issuesToFieldErrors, type FieldErrors } from '../../lib/form-errors';
import { lazyModule } from '../../lib/lazy-module';

/**
 * The account forms validate with the API's own zod schemas (src/shared/contracts/accounts.ts),
 * but zod and the contracts are ~27 KB of compressed JavaScript that a page does not need until
 * someone submits a form. They are loaded on first use — `preloadAccountSchemas` when a form gets
 * focus, so they are usually there by the time it is submitted (docs/decisions/011).
 */
export type AccountSchemas = typeof AccountContracts;

const schemas = lazyModule(() => import('../../../shared/contracts/accounts'));

/** The account contracts; a failed chunk load is tried again on the next submit. */
export const accountSchemas = (): Promise<AccountSchemas> => schemas.get();

/** For a form's onFocus: start loading the schemas while the user types. */
export const preloadAccountSchemas = (): void => schemas.preload();

export type Validation<T> = { ok: true; data: T } | { ok: false; errors: FieldErrors };

/** Parses `values` with the schema `pick` chooses; failures as field errors (first per field). */
export async function validate<S extends z.ZodType>(
  pick: (schemas: AccountSchemas) => S,
  values: unknown,
): Promise<Validation<z.output<S>>> {
  const parsed = pick(await accountSchemas()).safeParse(values);
  return parsed.success
    ? { ok: true, data: parsed.data }
    : { ok: false, errors: issuesToFieldErrors(parsed.error.issues) };
}
