import type { SiteFontFile } from '../site-theme';

/** The URL of a site font's self-hosted woff2 file (served by the server's /fonts route). */
export const fontUrl = (file: string) => `/fonts/${file}`;

/**
 * Loads a site font: the @font-face rule and a preload, which React hoists into <head>. The font
 * is the site's text font, above the fold on every page that has one, hence the preload; it is
 * drawn with `font-display: optional` (docs/decisions/048): text paints at once in the fallback,
 * and the font is used only if it arrives within the short block period (on later pages it comes
 * from the cache), never swapped in afterwards — so the text's LCP does not wait for the font and
 * nothing shifts. Nothing for the device's own font.
 */
export function FontFaceLinks({ font }: { font: SiteFontFile | null }) {
  if (!font) return null;
  const href = fontUrl(font.file);
  const css = `@font-face{font-family:'${font.family}';src:url(${href}) format('woff2');font-weight:100 900;font-style:normal;font-display:optional}`;
  return (
    <>
      <link rel="preload" href={href} as="font" type="font/woff2" crossOrigin="anonymous" />
      <style href={`site-font-${font.file}`} precedence="default">
        {css}
      </style>
    </>
  );
}
