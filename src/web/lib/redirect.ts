/**
 * Where to send people after signing in. SPEC §7 remembers these request URLs as the "attempted
 * URL"; /my-posts is our page for the SPEC's /my-products.
 */
export const ATTEMPTED_URL_PATHS = [
  '/edit-page',
  '/edit-profile',
  '/my-products',
  '/my-posts',
  '/sales',
  '/favorites',
] as const;

/** Default landing page after a successful login (SPEC §4). */
export const AFTER_LOGIN_PATH = '/edit-profile';

/**
 * A same-origin path to redirect to, or `fallback`. Rejects absolute URLs, protocol-relative
 * `//host` and `/\host` tricks and control characters (open-redirect protection).
 */
export function safeRedirectPath(
  value: string | null | undefined,
  fallback: string = AFTER_LOGIN_PATH,
): string {
  if (!value || typeof value !== 'string') return fallback;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(value)) return fallback;
  try {
    const url = new URL(value, 'http://internal.invalid');
    if (url.origin !== 'http://internal.invalid') return fallback;
    // Dot segments collapse during parsing ('/.//evil.example' → '//evil.example'): check the
    // result too, or it would leave the site as a protocol-relative URL.
    const path = url.pathname + url.search + url.hash;
    return path.startsWith('//') ? fallback : path;
  } catch {
    return fallback;
  }
}

/** True when `path` (optionally with a query) is one of the SPEC's remembered attempted URLs. */
export function isRememberedAttemptedUrl(path: string | null | undefined): boolean {
  if (!path) return false;
  const safe = safeRedirectPath(path, '');
  if (!safe) return false;
  const pathname = safe.split(/[?#]/)[0] ?? '';
  return ATTEMPTED_URL_PATHS.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}

/** `/login?redirectTo=<path+search>` for a request or URL. */
export function loginUrlFor(target: Request | URL | string): string {
  const url =
    typeof target === 'string'
      ? new URL(target, 'http://internal.invalid')
      : target instanceof URL
        ? target
        : new URL(target.url);
  return `/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`;
}

const ACCOUNT_EXIT = /^\/(?:login|logout)(?:[/?#]|$)/;

/**
 * Where a successful login goes (SPEC §4, ADR 005): the `redirectTo` the guard or modal put on the
 * login URL, else the remembered attempted URL, else /edit-profile. Only same-origin paths, and
 * never back to /login or /logout.
 */
export function afterLoginPath(
  redirectTo: string | null | undefined,
  attempted: string | null | undefined,
): string {
  for (const candidate of [redirectTo, attempted]) {
    const safe = safeRedirectPath(candidate, '');
    if (safe && !ACCOUNT_EXIT.test(safe)) return safe;
  }
  return AFTER_LOGIN_PATH;
}
