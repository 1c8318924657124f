import {
  BASIC_LATIN_RANGE,
  REST_OF_LATIN_RANGE,
  basicLatinFile,
} from '../../../../shared/contracts/font-ranges';
import type { SiteFontFile } from '../site-theme';

/** The URL of a site font's self-hosted woff2 file (served by the server's /fonts route). */
export const fontUrl = (file: string) => `/fonts/${file}`;

const fontFace = (family: string, href: string, range: string) =>
  `@font-face{font-family:'${family}';src:url(${href}) format('woff2');font-weight:100 900;font-style:normal;font-display:optional;unicode-range:${range}}`;

/**
 * Loads a site font: its @font-face rules and a preload, which React hoists into <head>. The font
 * is the site's text font, above the fold on every page that has one, hence the preload; it is
 * drawn with `font-display: optional` (docs/decisions/048): text paints at once in the fallback,
 * and the font is used only if it arrives within the short block period (on later pages it comes
 * from the cache), never swapped in afterwards — so the text's LCP does not wait for the font and
 * nothing shifts. The preload is the font's basic-Latin part, two thirds of the whole
 * (docs/decisions/082); the rest of Latin comes from the whole file, which the browser fetches only
 * for a page with such a character. Nothing for the device's own font.
 */
export function FontFaceLinks({ font }: { font: SiteFontFile | null }) {
  if (!font) return null;
  const basic = fontUrl(basicLatinFile(font.file));
  const css =
    fontFace(font.family, basic, BASIC_LATIN_RANGE) +
    fontFace(font.family, fontUrl(font.file), REST_OF_LATIN_RANGE);
  return (
    <>
      <link rel="preload" href={basic} as="font" type="font/woff2" crossOrigin="anonymous" />
      <style href={`site-font-${font.file}`} precedence="default">
        {css}
      </style>
    </>
  );
}
