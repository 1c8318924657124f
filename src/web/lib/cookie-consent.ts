/**
 * The cookie notice, once dismissed (SPEC §2; the names say "consent" for history, the cookies are
 * strictly necessary and nothing is consented to). Stored twice: in localStorage (the client's
 * memory) and in a cookie, so the server render can leave the notice out once it was dismissed.
 */
export const COOKIE_CONSENT_STORAGE_KEY = 'cookie-consent';
export const COOKIE_CONSENT_COOKIE = 'cookieConsent';
const ONE_YEAR_S = 365 * 24 * 60 * 60;

/** Parses a Cookie request header into name → value (first occurrence wins). */
export function parseCookieHeader(header: string | null | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (!header) return out;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    if (!name || name in out) continue;
    const raw = part
      .slice(eq + 1)
      .trim()
      .replace(/^"(.*)"$/, '$1');
    try {
      out[name] = decodeURIComponent(raw);
    } catch {
      out[name] = raw;
    }
  }
  return out;
}

/** True when the request carries `cookieConsent=1`. */
export function hasCookieConsent(cookieHeader: string | null | undefined): boolean {
  return parseCookieHeader(cookieHeader)[COOKIE_CONSENT_COOKIE] === '1';
}

/** The `document.cookie` assignment that records consent for a year. */
export function consentCookie(secure: boolean): string {
  return `${COOKIE_CONSENT_COOKIE}=1; Path=/; Max-Age=${ONE_YEAR_S}; SameSite=Lax${secure ? '; Secure' : ''}`;
}
