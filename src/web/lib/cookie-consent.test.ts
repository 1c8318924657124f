import { describe, expect, it } from 'vitest';
import { consentCookie, hasCookieConsent, parseCookieHeader } from './cookie-consent';

describe('cookie consent', () => {
  it('parses a Cookie header', () => {
    expect(parseCookieHeader('a=1; b=two%20words; c="q"')).toEqual({
      a: '1',
      b: 'two words',
      c: 'q',
    });
    expect(parseCookieHeader('')).toEqual({});
    expect(parseCookieHeader(null)).toEqual({});
    expect(parseCookieHeader('a=1; a=2; junk; =x')).toEqual({ a: '1' });
  });
  it('detects consent only for cookieConsent=1', () => {
    expect(hasCookieConsent('token=abc; cookieConsent=1')).toBe(true);
    expect(hasCookieConsent('cookieConsent=0')).toBe(false);
    expect(hasCookieConsent('xcookieConsent=1')).toBe(false);
    expect(hasCookieConsent(undefined)).toBe(false);
  });
  it('writes a year-long, site-wide cookie', () => {
    expect(consentCookie(false)).toBe('cookieConsent=1; Path=/; Max-Age=31536000; SameSite=Lax');
    expect(consentCookie(true)).toMatch(/; Secure$/);
  });
});
