import { safeFontFamily, siteFontFile } from '../site-theme';
import { FontFaceLinks } from './FontFaceLinks';

export { fontUrl } from './FontFaceLinks';

/**
 * Loads the site's font when it is not the device's own (see FontFaceLinks). Renders nothing for
 * `system-ui` or a family off the allow-list (SITE_FONTS).
 */
export function SiteFontFace({ family }: { family: string | null | undefined }) {
  return <FontFaceLinks font={siteFontFile(family)} />;
}

/** The CSS font-family stack of an allowed family (the device's font for anything else). */
export const siteFontStack = (family: string | null | undefined): string => safeFontFamily(family);
