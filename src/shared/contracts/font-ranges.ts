// The two parts of a site font's latin file (docs/decisions/082), in a module of their own: the
// sellers' pages ship these few strings, not the rest of the site rules.

/**
 * The characters nearly every page is written in — printable ASCII and the common typographic
 * marks (curly quotes, dashes, the ellipsis, the bullet, €, £, ©, ®, ™, ·, ×) — as a CSS
 * unicode-range: the part of a site font in its own small file. REST_OF_LATIN_RANGE is the rest of
 * the packages' latin subset (accented letters, other symbols), drawn from the whole file. The two
 * are disjoint and together the latin subset's range (font-files/subset.test.ts).
 */
export const BASIC_LATIN_RANGE =
  'U+20-7E,U+A0,U+A3,U+A9,U+AE,U+B7,U+D7,U+2013-2014,U+2018-2019,U+201C-201D,U+2022,U+2026,U+20AC,U+2122';
export const REST_OF_LATIN_RANGE =
  'U+0-1F,U+7F-9F,U+A1-A2,U+A4-A8,U+AA-AD,U+AF-B6,U+B8-D6,U+D8-FF,U+131,U+152-153,U+2BB-2BC,U+2C6,U+2DA,U+2DC,U+304,U+308,U+329,U+2000-2012,U+2015-2017,U+201A-201B,U+201E-2021,U+2023-2025,U+2027-206F,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD';

/** The file of a site font's basic Latin part (BASIC_LATIN_RANGE): `lora-latin-wght-normal.woff2` → `lora-latin-basic-wght-normal.woff2`. */
export const basicLatinFile = (file: string) => file.replace('-latin-', '-latin-basic-');
