import type { SiteColorField } from '../../../../shared/contracts/site-rules';
import {
  MIN_TEXT_CONTRAST,
  contrastRatio,
  parseOpaqueColor,
  type Rgb,
} from '../../../../shared/color-contrast';
import { siteCssVariables } from '../site-theme';

// WCAG AA checks of the four text/background pairs a site owner picks, and the nearest colour
// that passes when one does not.

/**
 * The faintest the site pages show the page text (secondary lines are dimmed to 80 %, see
 * site-theme.ts readableTextColor): the editor checks the page text as it is shown there.
 */
export const PAGE_TEXT_OPACITY = 0.8;

export interface ContrastPair {
  key: 'header' | 'footer' | 'page' | 'button';
  /** The fieldset's legend. */
  legend: string;
  /** "Header text on header background" — the start of the warning sentence. */
  label: string;
  text: SiteColorField;
  background: SiteColorField;
  /** Lowest opacity the text is shown at (1 = always solid). */
  opacity: number;
  /** What the two colours paint, for the fieldset's hint. */
  hint: string;
  /** The CSS variable the page paints the text with (site-theme.ts siteCssVariables). */
  cssVar: '--site-header-text' | '--site-footer-text' | '--site-text' | '--site-button-text';
}

export const CONTRAST_PAIRS: readonly ContrastPair[] = [
  {
    key: 'header',
    cssVar: '--site-header-text',
    legend: 'Header colours',
    label: 'Header text on header background',
    text: 'headerTextColor',
    background: 'headerBackgroundColor',
    opacity: 1,
    hint: 'The bar at the top with your name or logo.',
  },
  {
    key: 'page',
    cssVar: '--site-text',
    legend: 'Page colours',
    label: 'Page text on page background',
    text: 'textColor',
    background: 'backgroundColor',
    opacity: PAGE_TEXT_OPACITY,
    hint: 'Your bio, post titles and prices.',
  },
  {
    key: 'button',
    cssVar: '--site-button-text',
    legend: 'Button colours',
    label: 'Button text on button background',
    text: 'buttonTextColor',
    background: 'buttonBackgroundColor',
    opacity: 1,
    hint: 'Buttons such as “Add to cart”.',
  },
  {
    key: 'footer',
    cssVar: '--site-footer-text',
    legend: 'Footer colours',
    label: 'Footer text on footer background',
    text: 'footerTextColor',
    background: 'footerBackgroundColor',
    opacity: 1,
    hint: 'The strip at the bottom of your page.',
  },
];

/** `text` painted at `opacity` over `background`, as the eye sees it. */
function blend(text: Rgb, background: Rgb, opacity: number): Rgb {
  const mix = (i: 0 | 1 | 2) => text[i] * opacity + background[i] * (1 - opacity);
  return [mix(0), mix(1), mix(2)];
}

/** The WCAG contrast ratio of `text` (at `opacity`) on `background`; null if either is not a colour. */
export function textContrast(text: string, background: string, opacity = 1): number | null {
  const fg = parseOpaqueColor(text);
  const bg = parseOpaqueColor(background);
  return fg && bg ? contrastRatio(blend(fg, bg, opacity), bg) : null;
}

/** [r, g, b] 0–255 → [h 0–360, s 0–1, l 0–1]. */
export function rgbToHsl([r, g, b]: Rgb): [number, number, number] {
  const [rr, gg, bb] = [r / 255, g / 255, b / 255];
  const max = Math.max(rr, gg, bb);
  const min = Math.min(rr, gg, bb);
  const l = (max + min) / 2;
  const d = max - min;
  if (d === 0) return [0, 0, l];
  const s = d / (1 - Math.abs(2 * l - 1));
  const h =
    max === rr ? ((gg - bb) / d + 6) % 6 : max === gg ? (bb - rr) / d + 2 : (rr - gg) / d + 4;
  return [h * 60, s, l];
}

/** [h, s, l] → [r, g, b] 0–255 (rounded to whole bytes, as a hex colour holds them). */
export function hslToRgb([h, s, l]: readonly [number, number, number]): Rgb {
  const c = (1 - Math.abs(2 * l - 1)) * s;
  const x = c * (1 - Math.abs(((h / 60) % 2) - 1));
  const m = l - c / 2;
  const sector = Math.floor(h / 60) % 6;
  const [r, g, b] = (
    [
      [c, x, 0],
      [x, c, 0],
      [0, c, x],
      [0, x, c],
      [x, 0, c],
      [c, 0, x],
    ] as const
  )[sector]!;
  const byte = (v: number) => Math.min(255, Math.max(0, Math.round((v + m) * 255)));
  return [byte(r), byte(g), byte(b)];
}

export const rgbToHex = (rgb: Rgb): string =>
  `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

/**
 * The colour nearest to `text` that reads on `background` (contrast ≥ `min` when shown at
 * `opacity`): same hue and saturation, lightness moved as little as possible towards dark or light
 * (in HSL, where a lighter colour is never less luminous, so each direction is a binary search).
 * `text` itself (as #rrggbb) when it passes already; null when nothing of that hue passes in
 * either direction (only possible below full opacity) or the colours cannot be read.
 */
export function nearestPassingColor(
  text: string,
  background: string,
  { min = MIN_TEXT_CONTRAST, opacity = 1 }: { min?: number; opacity?: number } = {},
): string | null {
  const fg = parseOpaqueColor(text);
  const bg = parseOpaqueColor(background);
  if (!fg || !bg) return null;
  const passes = (rgb: Rgb) => contrastRatio(blend(rgb, bg, opacity), bg) >= min;
  if (passes(fg)) return rgbToHex(fg);
  const [h, s, l] = rgbToHsl(fg);
  const at = (lightness: number) => hslToRgb([h, s, lightness]);

  const candidates: { rgb: Rgb; distance: number }[] = [];
  // Darker: black passes or nothing darker does. Keep `lo` passing, `hi` failing.
  if (passes(at(0))) {
    let [lo, hi] = [0, l];
    for (let i = 0; i < 24; i += 1) {
      const mid = (lo + hi) / 2;
      if (passes(at(mid))) lo = mid;
      else hi = mid;
    }
    candidates.push({ rgb: at(lo), distance: l - lo });
  }
  // Lighter: white passes or nothing lighter does. Keep `hi` passing, `lo` failing.
  if (passes(at(1))) {
    let [lo, hi] = [l, 1];
    for (let i = 0; i < 24; i += 1) {
      const mid = (lo + hi) / 2;
      if (passes(at(mid))) hi = mid;
      else lo = mid;
    }
    candidates.push({ rgb: at(hi), distance: hi - l });
  }
  candidates.sort((a, b) => a.distance - b.distance);
  return candidates[0] ? rgbToHex(candidates[0].rgb) : null;
}

export interface ContrastWarning {
  pair: ContrastPair;
  ratio: number;
  /** The colour to offer for the text field, or null when no shade of it passes. */
  suggestion: string | null;
  /**
   * The text colour the page shows meanwhile: the site pages never paint unreadable text, they
   * swap in dark or light text (site-theme.ts readableTextColor); null when it keeps the choice.
   */
  shownInstead: string | null;
}

const ONE_DECIMAL = new Intl.NumberFormat('en', {
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
});

/** A ratio as people read it, never rounded up past the minimum: 4.49 → "4.4:1". */
export function formatRatio(ratio: number): string {
  return `${ONE_DECIMAL.format(Math.floor(ratio * 10) / 10)}:1`;
}

/** The sentence shown by a failing pair. */
export function contrastMessage(warning: ContrastWarning): string {
  return `${warning.pair.label}: ${formatRatio(warning.ratio)} — below the ${formatRatio(MIN_TEXT_CONTRAST)} WCAG AA minimum`;
}

/** The pair's warning when its colours are valid and fail WCAG AA; null otherwise. */
export function checkPair(
  pair: ContrastPair,
  colors: Partial<Record<SiteColorField, string>>,
): ContrastWarning | null {
  const text = colors[pair.text] ?? '';
  const background = colors[pair.background] ?? '';
  const ratio = textContrast(text, background, pair.opacity);
  if (ratio === null || ratio >= MIN_TEXT_CONTRAST) return null;
  const shown = (siteCssVariables(colors) as Record<string, string>)[pair.cssVar] ?? null;
  return {
    pair,
    ratio,
    suggestion: nearestPassingColor(text, background, { opacity: pair.opacity }),
    shownInstead: shown && shown.toLowerCase() !== text.toLowerCase() ? shown : null,
  };
}
