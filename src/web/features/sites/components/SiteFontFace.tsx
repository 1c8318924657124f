import { siteFont } from '../../../../shared/contracts/site-rules';

/** The URL of a site font's self-hosted woff2 file (served by the server's /fonts route). */
export const fontUrl = (file: string) => `/fonts/${file}`;

/**
 * Loads the site's font when it is not the device's own: the @font-face rule (`font-display: swap`:
 * text shows at once in the fallback font) and a preload, so the file starts downloading with the
 * HTML instead of after the stylesheet. React hoists both into <head>. Renders nothing for
 * `system-ui` or an unknown family.
 */
export function SiteFontFace({ family }: { family: string | null | undefined }) {
  const font = siteFont(family);
  if (!font?.file) return null;
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

/** The CSS font-family stack of an allowed family (the device's font for anything else). */
export function siteFontStack(family: string | null | undefined): string {
  return (siteFont(family) ?? siteFont('system-ui')!).stack;
}
