import type { FieldErrors } from '../../../../lib/form-errors';

// Problems with the list, as the contract (client) or the server (`details`) names them —
// `links.3.url` — turned into errors by the field of the right row. Rows are keyed by their own
// key, not their position: the seller may reorder after a failed save and the errors move along.

/** The fields of a row that can show an error, in the order of the row's form. */
export const LINK_FIELDS = [
  'title',
  'target',
  'icon',
  'enabled',
  'featured',
  'social',
  'showFrom',
  'showUntil',
  'row',
] as const;
export type LinkField = (typeof LINK_FIELDS)[number];

/** The error key of a row's field: `${rowKey}.${field}`. */
export const errorKey = (rowKey: string, field: LinkField) => `${rowKey}.${field}`;

/** The whole list's problem (too many links) has this key. */
export const LIST_ERROR = 'links';

/** The contract's field names → the control that shows them (url, postId and tag: the target). */
const FIELD_OF: Record<string, LinkField> = {
  title: 'title',
  url: 'target',
  postId: 'target',
  tag: 'target',
  icon: 'icon',
  enabled: 'enabled',
  featured: 'featured',
  social: 'social',
  showFrom: 'showFrom',
  showUntil: 'showUntil',
};

interface IssueLike {
  path: readonly PropertyKey[];
  message: string;
}

const isIssue = (v: unknown): v is IssueLike =>
  typeof v === 'object' &&
  v !== null &&
  Array.isArray((v as { path?: unknown }).path) &&
  typeof (v as { message?: unknown }).message === 'string';

/**
 * Issues (zod's, or a 400's `details`) → errors keyed by row and field, the first per field.
 * `rowKeys` are the keys of the rows in the order they were sent. An issue about a link not in
 * the list, or about nothing this form shows, is left out (the caller's notice says it).
 */
export function rowErrors(issues: unknown, rowKeys: readonly string[]): FieldErrors {
  if (!Array.isArray(issues)) return {};
  const out: FieldErrors = {};
  for (const issue of issues.filter(isIssue)) {
    const [top, index, field] = issue.path;
    if (top !== 'links') continue;
    let key: string;
    if (index === undefined) key = LIST_ERROR;
    else {
      const rowKey = rowKeys[Number(index)];
      if (rowKey === undefined || !Number.isInteger(Number(index))) continue;
      key = errorKey(rowKey, FIELD_OF[String(field)] ?? 'row');
    }
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
}

/** Every error key the form can show, in page order (a failed save focuses the first). */
export function errorOrder(rowKeys: readonly string[]): string[] {
  return [LIST_ERROR, ...rowKeys.flatMap((k) => LINK_FIELDS.map((f) => errorKey(k, f)))];
}

/** The rows (by key) that have at least one error: their forms are opened to show it. */
export function rowsWithErrors(errors: FieldErrors, rowKeys: readonly string[]): string[] {
  return rowKeys.filter((k) => LINK_FIELDS.some((f) => errors[errorKey(k, f)]));
}

/** A row's error key → the row's key and field (null for the list's own key). */
export function splitErrorKey(key: string): { rowKey: string; field: LinkField } | null {
  const dot = key.lastIndexOf('.');
  if (dot < 0) return null;
  const field = key.slice(dot + 1) as LinkField;
  return LINK_FIELDS.includes(field) ? { rowKey: key.slice(0, dot), field } : null;
}

/** The errors without any of one row's (the row was deleted). */
export function withoutRowErrors(errors: FieldErrors, rowKey: string): FieldErrors {
  const prefix = `${rowKey}.`;
  return Object.fromEntries(Object.entries(errors).filter(([k]) => !k.startsWith(prefix)));
}
