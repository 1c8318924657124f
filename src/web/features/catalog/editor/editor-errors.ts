/**
 * The editor's field errors, keyed by the full path of the field ('title', 'variations.0.name',
 * 'variations.1.options.0.stock'), so each message shows beside its own input — also for the
 * nested variation fields, which the flat form helpers (first segment only) cannot place.
 */
export type EditorErrors = Record<string, string>;

interface IssueLike {
  path: readonly PropertyKey[];
  message: string;
}

const isIssueLike = (value: unknown): value is IssueLike =>
  typeof value === 'object' &&
  value !== null &&
  Array.isArray((value as { path?: unknown }).path) &&
  typeof (value as { message?: unknown }).message === 'string';

export const pathKey = (path: readonly PropertyKey[]): string =>
  path.map((p) => (typeof p === 'symbol' ? '' : String(p))).join('.');

/** zod issues (client) or a 400's `details` (server) → the first message per path. */
export function toEditorErrors(issues: unknown): EditorErrors {
  const out: EditorErrors = {};
  if (!Array.isArray(issues)) return out;
  for (const issue of issues.filter(isIssueLike)) {
    const key = pathKey(issue.path);
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
}

/** The id of the control that shows the error at `path` ('variations.0.name' → 'post-variations-0-name'). */
export const fieldIdFor = (path: string): string =>
  `post-${path.replace(/\./g, '-').replace(/_/g, '')}`;

/** How many of `errors` belong to fields under `prefix` ('variations' → every nested one). */
export function countUnder(errors: EditorErrors, prefix: string): number {
  return Object.keys(errors).filter((k) => k === prefix || k.startsWith(`${prefix}.`)).length;
}

/** The message at `key`, else the first one of a field under it ('_tags' → '_tags.2'). */
export function errorAt(errors: EditorErrors, key: string): string | undefined {
  if (errors[key]) return errors[key];
  const nested = Object.keys(errors).find((k) => k.startsWith(`${key}.`));
  return nested ? errors[nested] : undefined;
}
