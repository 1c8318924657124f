/** Thrown for a key that could escape the storage root or would need escaping in a URL. */
export class InvalidStorageKeyError extends Error {
  constructor(key: string) {
    super(`Invalid storage key: ${JSON.stringify(key.slice(0, 200))}`);
    this.name = 'InvalidStorageKeyError';
  }
}

const KEY_CHARS = /^[A-Za-z0-9._/-]+$/;
const MAX_KEY_LENGTH = 512;

/**
 * Keys become file paths (local driver) and URL paths (both drivers), so only a safe subset is
 * allowed: `[A-Za-z0-9._/-]`, relative, no empty segments and no segment starting with a dot.
 * The dot rule rules out `.` and `..` traversal and also keeps the local driver's hidden temp
 * files (`.name.tmp`) unaddressable.
 */
export function assertValidKey(key: string): void {
  if (
    typeof key !== 'string' ||
    key.length === 0 ||
    key.length > MAX_KEY_LENGTH ||
    !KEY_CHARS.test(key)
  ) {
    throw new InvalidStorageKeyError(String(key));
  }
  if (key.includes('..')) throw new InvalidStorageKeyError(key);
  for (const segment of key.split('/')) {
    if (segment === '' || segment.startsWith('.')) throw new InvalidStorageKeyError(key);
  }
}

export function isValidKey(key: string): boolean {
  try {
    assertValidKey(key);
    return true;
  } catch {
    return false;
  }
}

/** Base URLs are configured by people: tolerate a trailing slash. */
export function trimTrailingSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

/** Only a bare media type: parameters or odd characters would make the signed value ambiguous. */
const CONTENT_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/;

export function normalizeContentType(contentType: string): string {
  const ct = contentType.trim().toLowerCase();
  if (!CONTENT_TYPE.test(ct))
    throw new Error(`Invalid content type: ${JSON.stringify(contentType.slice(0, 100))}`);
  return ct;
}

const METADATA_NAME = /^[a-z0-9-]{1,64}$/;
const METADATA_VALUE = /^[A-Za-z0-9._-]{0,200}$/;

/**
 * Upload metadata as one signed string (`a=1&b=2`, names sorted), or null when a name or value is
 * outside the safe set (which also keeps the joined string unambiguous).
 */
export function canonicalMetadata(metadata: Record<string, string>): string | null {
  const entries = Object.entries(metadata).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  for (const [name, value] of entries) {
    if (!METADATA_NAME.test(name) || typeof value !== 'string' || !METADATA_VALUE.test(value))
      return null;
  }
  return entries.map(([name, value]) => `${name}=${value}`).join('&');
}
