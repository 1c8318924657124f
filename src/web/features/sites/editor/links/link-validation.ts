import type * as LinkContracts from '../../../../../shared/contracts/site-links';
import type { SiteLinksUpdate } from '../../../../../shared/contracts/site-links';
import type { FormCheck } from '../../../../components/ui/form';
import type { FieldErrors } from '../../../../lib/form-errors';
import { lazyModule } from '../../../../lib/lazy-module';
import { inputFromDraft, type LinkDraft } from './link-draft';
import { errorKey, rowErrors } from './link-errors';

/**
 * The list is checked with the API's own contract (siteLinksUpdateRequest) before it is sent,
 * loaded on first use like the rest of the editor's checks (../validation.ts,
 * docs/decisions/011): zod never reaches a public page, nor this page until the owner edits.
 */
const schemas = lazyModule(
  (): Promise<typeof LinkContracts> => import('../../../../../shared/contracts/site-links'),
);

/** For the section's onFocus: start loading while the owner edits. */
export const preloadLinkSchemas = (): void => schemas.preload();

/**
 * A post or tag link with none chosen. The contract says so too (one place to open), but only once
 * every other field of the list passes: said at once here, in the words of the select.
 */
function missingTargets(rows: readonly LinkDraft[]): FieldErrors {
  const out: FieldErrors = {};
  for (const row of rows) {
    if (row.kind === 'post' && !row.postId)
      out[errorKey(row.key, 'target')] = 'Choose one of your posts.';
    if (row.kind === 'tag' && !row.tag)
      out[errorKey(row.key, 'target')] = 'Choose one of your tags.';
  }
  return out;
}

/** The request PUT /sites/links would refuse → errors by row and field; else the body to send. */
export async function checkLinks(rows: readonly LinkDraft[]): Promise<FormCheck<SiteLinksUpdate>> {
  const { siteLinksUpdateRequest } = await schemas.get();
  const parsed = siteLinksUpdateRequest.safeParse({ links: rows.map(inputFromDraft) });
  const missing = missingTargets(rows);
  if (parsed.success && !Object.keys(missing).length) return { ok: true, data: parsed.data };
  const found = parsed.success
    ? {}
    : rowErrors(
        parsed.error.issues,
        rows.map((r) => r.key),
      );
  const errors = { ...missing, ...found };
  // An issue the form cannot place (none expected) still stops the send, said on the list.
  if (!Object.keys(errors).length && !parsed.success)
    errors.links = parsed.error.issues[0]?.message ?? 'Check the links.';
  return { ok: false, errors };
}
