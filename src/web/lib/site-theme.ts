import type { CSSProperties } from 'react';

/**
 * Per-site branding (SPEC §3 Site) as CSS custom properties on the user-site layout root.
 * Values come from users, so each one is checked before it reaches a style attribute.
 */
export interface SiteBranding {
  name?: string | null;
  image?: { thumbnail?: string | null; fullsize?: string | null } | null;
  headerBackgroundColor?: string | null;
  headerTextColor?: string | null;
  footerBackgroundColor?: string | null;
  footerTextColor?: string | null;
  headerBranding?: string | null;
  backgroundColor?: string | null;
  textColor?: string | null;
  buttonBackgroundColor?: string | null;
  buttonTextColor?: string | null;
  fontFamily?: string | null;
  fontScale?: number | null;
}

export const DEFAULT_BRANDING = {
  headerBackgroundColor: '#ffffff',
  headerTextColor: '#111827',
  footerBackgroundColor: '#111827',
  footerTextColor: '#f9fafb',
  backgroundColor: '#f9fafb',
  textColor: '#111827',
  buttonBackgroundColor: '#4338ca',
  buttonTextColor: '#ffffff',
  fontFamily: 'system-ui, sans-serif',
} as const;

const HEX = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const FUNC = /^(?:rgb|rgba|hsl|hsla)\(\s*[\d.%\s,/+-]+\)$/i;
const NAMED = /^[a-z]{3,20}$/i;

/** A colour safe to put in a style attribute (hex, rgb()/hsl(), or a plain keyword), else `fallback`. */
export function safeColor(value: string | null | undefined, fallback: string): string {
  const v = (value ?? '').trim();
  return v && (HEX.test(v) || FUNC.test(v) || NAMED.test(v)) ? v : fallback;
}

/** A font-family list of names only (letters, digits, spaces, quotes, commas, hyphens). */
export function safeFontFamily(
  value: string | null | undefined,
  fallback: string = DEFAULT_BRANDING.fontFamily,
): string {
  const v = (value ?? '').trim();
  return v && v.length <= 200 && /^[\w\s,'"-]+$/.test(v) ? v : fallback;
}

/** Font scale clamped to a readable range. */
export function safeFontScale(value: number | null | undefined): number {
  return typeof value === 'number' && Number.isFinite(value)
    ? Math.min(1.5, Math.max(0.75, value))
    : 1;
}

export function siteCssVariables(site: SiteBranding): CSSProperties {
  const d = DEFAULT_BRANDING;
  return {
    '--site-header-bg': safeColor(site.headerBackgroundColor, d.headerBackgroundColor),
    '--site-header-text': safeColor(site.headerTextColor, d.headerTextColor),
    '--site-footer-bg': safeColor(site.footerBackgroundColor, d.footerBackgroundColor),
    '--site-footer-text': safeColor(site.footerTextColor, d.footerTextColor),
    '--site-bg': safeColor(site.backgroundColor, d.backgroundColor),
    '--site-text': safeColor(site.textColor, d.textColor),
    '--site-button-bg': safeColor(site.buttonBackgroundColor, d.buttonBackgroundColor),
    '--site-button-text': safeColor(site.buttonTextColor, d.buttonTextColor),
    '--site-font': safeFontFamily(site.fontFamily),
    '--site-font-scale': String(safeFontScale(site.fontScale)),
  } as CSSProperties;
}

/**
 * What the user-site header shows (SPEC §2/§3): 'both' → logo and name, 'logo' → logo only,
 * anything else → name only. Without an uploaded logo the name is shown so the header is never blank.
 */
export function headerBrandingParts(site: SiteBranding): {
  showLogo: boolean;
  showName: boolean;
  logoUrl: string | null;
} {
  const logoUrl = site.image?.thumbnail || site.image?.fullsize || null;
  const mode = site.headerBranding;
  const showLogo = !!logoUrl && (mode === 'both' || mode === 'logo');
  const showName = !showLogo || mode === 'both';
  return { showLogo, showName, logoUrl: showLogo ? logoUrl : null };
}
