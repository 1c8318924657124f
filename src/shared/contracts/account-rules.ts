// Account rules without zod: limits, roles and the small checks the web shows
// or needs before a request (hints, counters, menus). The zod schemas of account-fields.ts and
// accounts.ts are built from these; the browser imports this file alone so that a page that only
// needs a limit or a role check does not load the schemas (docs/decisions/011).

export const USERNAME_MIN = 3;
export const USERNAME_MAX = 30;
export const USERNAME_RE = /^[a-z0-9](?:[a-z0-9_-]*[a-z0-9])?$/;
export const EMAIL_MAX = 254;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const NAME_MAX = 80;
export const BIO_MAX = 500;
export const LINK_MAX = 300;
export const TAGS_MAX = 20;
export const TAG_MAX = 30;
/** Opaque tokens are 43 characters; anything much longer is not one of ours. */
export const TOKEN_MAX = 200;

/** Usernames are compared after NFKC (full-width 'ａ' → 'a') and lower-casing. */
export function normalizeUsername(raw: string): string {
  return raw.normalize('NFKC').trim().toLowerCase();
}

/**
 * PostgreSQL text cannot hold U+0000: refuse it as a validation error instead of letting the
 * database fail the request with a 500.
 */
export const hasNoNul = (value: string): boolean => !value.includes('\u0000');
export const NUL_RULE = 'Remove the invisible control character from this text.';

/**
 * Names read as written (issue 23): a bidirectional control (U+202A–U+202E embeddings and
 * overrides, U+2066–U+2069 isolates) reorders the text after it — `\u202Eevil` shows as "live" —
 * and a zero-width character at either end (U+200B–U+200D, U+2060, U+FEFF) makes two names look
 * the same. Inside a name the zero-width joiners stay allowed: emoji and some scripts need them.
 * Returns why `value` is refused, or null.
 */
export function unreadableNameRule(value: string): string | null {
  if (/[\u202a-\u202e\u2066-\u2069]/.test(value)) return BIDI_CONTROL_RULE;
  // Plain spaces around the character are trimmed later; it would still be at the edge then.
  if (/^\s*[\u200b-\u200d\u2060\ufeff]|[\u200b-\u200d\u2060\ufeff]\s*$/.test(value))
    return ZERO_WIDTH_EDGE_RULE;
  return null;
}
export const BIDI_CONTROL_RULE =
  'Remove the invisible text-direction character (such as a right-to-left override): it makes the text read differently from how it was written.';
export const ZERO_WIDTH_EDGE_RULE =
  'Remove the invisible zero-width character at the start or end: it makes this look like a different name.';

export const USERNAME_RULE =
  "Use 3–30 lowercase letters, numbers, '-' or '_', starting and ending with a letter or number.";
export const USERNAME_ASCII_RULE =
  "Use only the letters a–z, numbers, '-' or '_' (accented letters and look-alike characters from other alphabets are not allowed).";
export const USERNAME_RESERVED = 'This username is reserved. Please choose another one.';

export function isHttpUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const { protocol } = new URL(value);
  return protocol === 'http:' || protocol === 'https:';
}

export const ROLES = ['user', 'moderator', 'admin', 'superAdmin'] as const;
export type Role = (typeof ROLES)[number];
export const ADMIN_ROLES = ['admin', 'superAdmin'] as const satisfies readonly Role[];
export const ACCOUNT_TYPES = ['seller', 'buyer', 'both'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

export const isAdminRole = (role: string | undefined | null): boolean =>
  role === 'admin' || role === 'superAdmin';
/** Moderators, admins and super admins: they review comments and reports and suspend accounts. */
export const isModeratorRole = (role: string | undefined | null): boolean =>
  role === 'moderator' || isAdminRole(role);
/** SPEC §6: account types seller and both count as seller. */
export const isSeller = (accountType: AccountType): boolean => accountType !== 'buyer';
