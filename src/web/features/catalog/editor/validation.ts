import type { z } from 'zod';
import type * as CatalogContracts from '../../../../shared/contracts/catalog';
import { lazyModule } from '../../../lib/lazy-module';
import { toEditorErrors, type EditorErrors } from './editor-errors';

/**
 * The editor validates with the API's own contract (productInput), loaded on first use so zod
 * stays out of every page until someone edits a post (docs/decisions/011, like the account forms).
 */
type CatalogSchemas = typeof CatalogContracts;

const schemas = lazyModule(() => import('../../../../shared/contracts/catalog'));

/** The catalogue contracts; a failed chunk load is tried again on the next save. */
export const catalogSchemas = (): Promise<CatalogSchemas> => schemas.get();

/** For the form's onFocus: start loading while the user types. */
export const preloadCatalogSchemas = (): void => schemas.preload();

export type SavedInput = z.output<CatalogSchemas['productInput']>;

export type ProductValidation =
  { ok: true; data: SavedInput } | { ok: false; errors: EditorErrors };

/** Checks a PUT /products body with the server's contract; failures keyed by field path. */
export async function validateProductInput(input: unknown): Promise<ProductValidation> {
  const { productInput } = await catalogSchemas();
  const parsed = productInput.safeParse(input);
  return parsed.success
    ? { ok: true, data: parsed.data }
    : { ok: false, errors: toEditorErrors(parsed.error.issues) };
}
