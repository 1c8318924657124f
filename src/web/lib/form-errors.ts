/**
 * Field errors of a form: the first message per field, keyed by the field's top-level name. Built
 * from the shared zod schemas on the client (same rules as the server) and from the `details` of
 * a server 400 (`[{ path, message }]`).
 */
export type FieldErrors = Record<string, string>;

interface IssueLike {
  path: readonly PropertyKey[];
  message: string;
}

function fieldOf(path: readonly PropertyKey[]): string {
  const first = path[0];
  return typeof first === 'string' ? first : typeof first === 'number' ? String(first) : '';
}

/** zod issues → { field: first message }. Issues without a path are keyed '' (the whole form). */
export function issuesToFieldErrors(issues: readonly IssueLike[]): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of issues) {
    const field = fieldOf(issue.path);
    if (!(field in out)) out[field] = issue.message;
  }
  return out;
}

function isIssueLike(value: unknown): value is IssueLike {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as { path?: unknown; message?: unknown };
  return Array.isArray(v.path) && typeof v.message === 'string';
}

/**
 * A server error's `details` → field errors, limited to `fields` (a server detail about some
 * field the form does not show stays in the modal only).
 */
export function serverFieldErrors(details: unknown, fields: readonly string[]): FieldErrors {
  if (!Array.isArray(details)) return {};
  const known = issuesToFieldErrors(details.filter(isIssueLike));
  const out: FieldErrors = {};
  for (const field of fields) if (known[field]) out[field] = known[field];
  return out;
}

/** The first field of `order` that has an error (to move focus there), if any. */
export function firstInvalidField<F extends string>(
  order: readonly F[],
  errors: FieldErrors,
): F | null {
  return order.find((field) => !!errors[field]) ?? null;
}

/** `aria-describedby` from the ids that exist (hint, error…), or undefined when none. */
export function describedBy(...ids: (string | false | null | undefined)[]): string | undefined {
  const list = ids.filter((id): id is string => !!id);
  return list.length ? list.join(' ') : undefined;
}
