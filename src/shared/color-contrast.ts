// WCAG 2.2 colour contrast, pure and dependency-free: the server draws share images with a site's
// colours and the web pages style with them, and both must pick the same readable text colour.

export type Rgb = readonly [number, number, number];

const HEX = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const RGB_FUNC = /^rgba?\(\s*[\d.%\s,/+-]+\)$/i;

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
  if (!fn || !RGB_FUNC.test(v)) return null;
  const parts = fn[1]!.split(/[\s,/]+/).filter(Boolean);
  if (parts.length < 3 || parts.length > 4) return null;
  const nums = parts.map((p) => (p.endsWith('%') ? Number(p.slice(0, -1)) / 100 : Number(p)));
  if (nums.some((n) => !Number.isFinite(n))) return null;
  if (parts.length === 4 && nums[3]! < 1) return null;
  const channel = (i: number) => clampByte(parts[i]!.endsWith('%') ? nums[i]! * 255 : nums[i]!);
  return [channel(0), channel(1), channel(2)];
}

/** WCAG relative luminance (0 black – 1 white). */
export function relativeLuminance([r, g, b]: Rgb): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** The WCAG contrast ratio of two opaque colours (1–21). */
export function contrastRatio(a: Rgb, b: Rgb): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [
    number,
    number,
  ];
  return (hi + 0.05) / (lo + 0.05);
}

/** WCAG 2.2 AA for normal-size text (SC 1.4.3). */
export const MIN_TEXT_CONTRAST = 4.5;
/** The text colours used when the owner's choice does not read: the default dark text, or white. */
export const DARK_TEXT = '#111827';
export const LIGHT_TEXT = '#ffffff';

/**
 * The owner's text colour when it reads on `background` (WCAG AA, 4.5:1), else dark or light text,
 * whichever contrasts more. `opacity` is the faintest the text is shown at: the check uses the text
 * blended onto the background at that opacity. Colours this cannot parse are kept as chosen.
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

/** WCAG 2.2 AA for focus indicators and the parts of controls (SC 1.4.11, 2.4.13's floor). */
export const MIN_UI_CONTRAST = 3;

/**
 * `color` when it contrasts at least `min` with every one of `backgrounds` (an owner's accent is
 * drawn on more than one surface: their page's background, white cards), else `fallback`. A colour
 * this cannot parse (hsl(), a keyword) is not known to read, so it gives way to the fallback too.
 */
export function colorThatReads(
  color: string,
  backgrounds: readonly string[],
  min: number,
  fallback: string,
): string {
  const fg = parseOpaqueColor(color);
  const reads = (background: string) => {
    const bg = parseOpaqueColor(background);
    return !!fg && !!bg && contrastRatio(fg, bg) >= min;
  };
  return backgrounds.every(reads) ? color : fallback;
}
