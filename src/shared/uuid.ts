// Without zod (unlike contracts/common, which re-exports these): pages that only need to
// recognise an id (a post's address, src/shared/post-path.ts) keep zod out of their bundle.

/** A UUID, case-insensitive (the database id format). */
export const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string) => UUID_RE.test(value);
