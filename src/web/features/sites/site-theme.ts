import type { CSSProperties } from 'react';
import { DEFAULT_SITE_FONT, FONT_SCALE, siteFont } from '../../../shared/contracts/site-rules';
import {
  MIN_TEXT_CONTRAST,
  MIN_UI_CONTRAST,
  colorThatReads,
  readableTextColor,
} from '../../../shared/color-contrast';

// The WCAG arithmetic is shared with the server's share images (one readable-colour rule for both).
export {
  contrastRatio,
  MIN_TEXT_CONTRAST,
  parseOpaqueColor,
  readableTextColor,
} from '../../../shared/color-contrast';

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

/** The faintest the site pages show the owner's text colour (opacity-80 on eyebrows). */
const SITE_TEXT_MIN_OPACITY = 0.8;

/** The surface of the cards, boxes and option chips on a site page (app.css .product-card …). */
const CARD_SURFACE = '#ffffff';

/**
 * The owner's button colour as the page's accent (prices, links, selected options, focus rings:
 * docs/decisions/063), each use checked where it is drawn, as the header's text is: text ≥ 4.5:1
 * on its surface, a focus ring ≥ 3:1 on the page's background. Where the colour fails, a safe one
 * stands in: the site's (already checked) text colour on the page, and on cards that colour when
 * it reads on white, else dark text — never the platform's indigo on the owner's page.
 */
function accentVariables(bg: string, text: string, buttonBg: string, buttonText: string) {
  const cardAccent = colorThatReads(
    buttonBg,
    [CARD_SURFACE],
    MIN_TEXT_CONTRAST,
    readableTextColor(text, CARD_SURFACE),
  );
  return {
    '--site-accent': colorThatReads(buttonBg, [bg], MIN_TEXT_CONTRAST, text),
    '--site-focus': colorThatReads(buttonBg, [bg], MIN_UI_CONTRAST, text),
    '--site-card-accent': cardAccent,
    // A selected option or page link is filled with the card accent: its text must read on it.
    '--site-card-accent-text': readableTextColor(buttonText, cardAccent),
  };
}

export function siteCssVariables(site: SiteBranding): CSSProperties {
  const d = DEFAULT_BRANDING;
  const headerBg = safeColor(site.headerBackgroundColor, d.headerBackgroundColor);
  const footerBg = safeColor(site.footerBackgroundColor, d.footerBackgroundColor);
  const bg = safeColor(site.backgroundColor, d.backgroundColor);
  const buttonBg = safeColor(site.buttonBackgroundColor, d.buttonBackgroundColor);
  const text = readableTextColor(safeColor(site.textColor, d.textColor), bg, SITE_TEXT_MIN_OPACITY);
  const buttonText = readableTextColor(
    safeColor(site.buttonTextColor, d.buttonTextColor),
    buttonBg,
  );
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
    '--site-text': text,
    '--site-button-bg': buttonBg,
    '--site-button-text': buttonText,
    ...accentVariables(bg, text, buttonBg, buttonText),
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
