import type { SiteFontFile } from '../site-theme';

/** The URL of a site font's self-hosted woff2 file (served by the server's /fonts route). */
export const fontUrl = (file: string) => `/fonts/${file}`;

/**
 * Loads a site font: the @font-face rule (`font-display: swap`: text shows at once in the fallback
 * font) and a preload, so the file starts downloading with the HTML instead of after the
 * stylesheet. React hoists both into <head>. Nothing for the device's own font.
 */
export function FontFaceLinks({ font }: { font: SiteFontFile | null }) {
  if (!font) return null;
  const href = fontUrl(font.file);
  const css = `@font-face{font-family:'${font.family}';src:url(${href}) format('woff2');font-weight:100 900;font-style:normal;font-display:swap}`;
  return (
    <>
      <link rel="preload" href={href} as="font" type="font/woff2" crossOrigin="anonymous" />
      <style href={`site-font-${font.file}`} precedence="default">
        {css}
      </style>
    </>
  );
}
