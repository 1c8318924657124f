import type { CSSProperties } from 'react';
import { DEFAULT_SITE_FONT, FONT_SCALE, siteFont } from '../../../shared/contracts/site-rules';

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
  fontFamily: DEFAULT_SITE_FONT,
} as const;

const HEX = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const FUNC = /^(?:rgb|rgba|hsl|hsla)\(\s*[\d.%\s,/+-]+\)$/i;
const NAMED = /^[a-z]{3,20}$/i;

/** A colour safe to put in a style attribute (hex, rgb()/hsl(), or a plain keyword), else `fallback`. */
export function safeColor(value: string | null | undefined, fallback: string): string {
  const v = (value ?? '').trim();
  return v && (HEX.test(v) || FUNC.test(v) || NAMED.test(v)) ? v : fallback;
}

/**
 * The CSS font-family stack of one of the site fonts (SITE_FONTS, matched by family name), else
 * the device's own font: a value from the allow-list, never the owner's text, reaches the style.
 */
export function safeFontFamily(value: string | null | undefined): string {
  return (siteFont(value) ?? siteFont(DEFAULT_SITE_FONT)!).stack;
}

/** Font scale clamped to the range the editor offers (FONT_SCALE); 1 when missing. */
export function safeFontScale(value: number | null | undefined): number {
  return typeof value === 'number' && Number.isFinite(value)
    ? Math.min(FONT_SCALE.max, Math.max(FONT_SCALE.min, value))
    : 1;
}

type Rgb = readonly [number, number, number];

const clampByte = (n: number) => Math.min(255, Math.max(0, n));

/** An opaque hex or rgb() colour as [r, g, b] (0–255); null for anything else (hsl(), keywords, alpha < 1). */
export function parseOpaqueColor(value: string): Rgb | null {
  const v = value.trim().toLowerCase();
  if (HEX.test(v)) {
    let hex = v.slice(1);
    if (hex.length <= 4) hex = [...hex].map((c) => c + c).join('');
    if (hex.length === 8 && !hex.endsWith('ff')) return null;
    const byte = (i: number) => parseInt(hex.slice(i, i + 2), 16);
    return [byte(0), byte(2), byte(4)];
  }
  const fn = /^rgba?\((.*)\)$/.exec(v);
  if (!fn || !FUNC.test(v)) return null;
  const parts = fn[1]!.split(/[\s,/]+/).filter(Boolean);
  if (parts.length < 3 || parts.length > 4) return null;
  const nums = parts.map((p) => (p.endsWith('%') ? Number(p.slice(0, -1)) / 100 : Number(p)));
  if (nums.some((n) => !Number.isFinite(n))) return null;
  if (parts.length === 4 && nums[3]! < 1) return null;
  const channel = (i: number) => clampByte(parts[i]!.endsWith('%') ? nums[i]! * 255 : nums[i]!);
  return [channel(0), channel(1), channel(2)];
}

function luminance([r, g, b]: Rgb): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** The WCAG contrast ratio of two opaque colours (1–21). */
export function contrastRatio(a: Rgb, b: Rgb): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** WCAG 2.2 AA for normal-size text (SC 1.4.3). */
export const MIN_TEXT_CONTRAST = 4.5;
const DARK_TEXT = DEFAULT_BRANDING.textColor;
const LIGHT_TEXT = '#ffffff';

/**
 * The owner's text colour when it reads on `background` (WCAG AA, 4.5:1), else dark or light text,
 * whichever contrasts more. `opacity` is the faintest the text is shown at (the site pages dim
 * secondary text with opacity-80): the check uses the text blended onto the background at that
 * opacity. Colours this cannot parse (hsl(), keywords, translucent) are kept as chosen.
 */
export function readableTextColor(text: string, background: string, opacity = 1): string {
  const bg = parseOpaqueColor(background);
  const fg = parseOpaqueColor(text);
  if (!bg || !fg) return text;
  const mix = (c: Rgb, i: 0 | 1 | 2) => c[i] * opacity + bg[i] * (1 - opacity);
  const ratio = (c: Rgb) => contrastRatio([mix(c, 0), mix(c, 1), mix(c, 2)], bg);
  if (ratio(fg) >= MIN_TEXT_CONTRAST) return text;
  return ratio(parseOpaqueColor(DARK_TEXT)!) >= ratio(parseOpaqueColor(LIGHT_TEXT)!)
    ? DARK_TEXT
    : LIGHT_TEXT;
}

/** The faintest the site pages show the owner's text colour (opacity-80 on eyebrows). */
const SITE_TEXT_MIN_OPACITY = 0.8;

export function siteCssVariables(site: SiteBranding): CSSProperties {
  const d = DEFAULT_BRANDING;
  const headerBg = safeColor(site.headerBackgroundColor, d.headerBackgroundColor);
  const footerBg = safeColor(site.footerBackgroundColor, d.footerBackgroundColor);
  const bg = safeColor(site.backgroundColor, d.backgroundColor);
  const buttonBg = safeColor(site.buttonBackgroundColor, d.buttonBackgroundColor);
  // Owners pick both colours of each pair: a text colour that would not read is replaced.
  return {
    '--site-header-bg': headerBg,
    '--site-header-text': readableTextColor(
      safeColor(site.headerTextColor, d.headerTextColor),
      headerBg,
    ),
    '--site-footer-bg': footerBg,
    '--site-footer-text': readableTextColor(
      safeColor(site.footerTextColor, d.footerTextColor),
      footerBg,
    ),
    '--site-bg': bg,
    '--site-text': readableTextColor(
      safeColor(site.textColor, d.textColor),
      bg,
      SITE_TEXT_MIN_OPACITY,
    ),
    '--site-button-bg': buttonBg,
    '--site-button-text': readableTextColor(
      safeColor(site.buttonTextColor, d.buttonTextColor),
      buttonBg,
    ),
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

/** A site font to load: its family name and self-hosted woff2 file (not the device's own font). */
export interface SiteFontFile {
  family: string;
  file: string;
}

/** The font file a family needs loaded; null for the device's font or a family off the list. */
export function siteFontFile(family: string | null | undefined): SiteFontFile | null {
  const font = siteFont(family);
  return font?.file ? { family: font.family, file: font.file } : null;
}

/**
 * A site's branding resolved for rendering: the checked CSS variables, the font file to load and
 * what the header shows. The public pages get it from their loader (computed on the server: none of
 * the colour or font rules ship to the browser); the editor's live preview computes it as it goes.
 */
export interface SiteTheme {
  style: CSSProperties;
  font: SiteFontFile | null;
  header: ReturnType<typeof headerBrandingParts>;
}

export function siteTheme(site: SiteBranding): SiteTheme {
  return {
    style: siteCssVariables(site),
    font: siteFontFile(site.fontFamily),
    header: headerBrandingParts(site),
  };
}
