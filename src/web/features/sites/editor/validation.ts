import type * as SiteContracts from '../../../../shared/contracts/sites';
import { issuesToFieldErrors, type FieldErrors } from '../../../lib/form-errors';
import { lazyModule } from '../../../lib/lazy-module';
import type { SiteUpdateBody } from './editor-values';

/**
 * The editor checks its changes with the API's own contract (siteUpdateRequest) before sending
 * them, loaded on first use so zod stays out of the page until someone edits it
 * (docs/decisions/011, like the account and post forms). The rest of the editor imports only
 * zod-free rules (site-rules.ts) and types from the contract.
 */
const schemas = lazyModule(
  (): Promise<typeof SiteContracts> => import('../../../../shared/contracts/sites'),
);

/** For the form's onFocus: start loading while the owner edits. */
export const preloadSiteSchemas = (): void => schemas.preload();

export type SiteValidation = { ok: true } | { ok: false; errors: FieldErrors };

/** The body PUT /sites would refuse, as field errors (first message per field). */
export async function validateSiteUpdate(body: SiteUpdateBody): Promise<SiteValidation> {
  const { siteUpdateRequest } = await schemas.get();
  const parsed = siteUpdateRequest.safeParse(body);
  return parsed.success
    ? { ok: true }
    : { ok: false, errors: issuesToFieldErrors(parsed.error.issues) };
}
