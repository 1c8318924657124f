import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import subsetFont from 'subset-font';
import { BASIC_LATIN_RANGE, basicLatinFile } from '../../../../shared/contracts/font-ranges';
import { FONT_FILES_DIR, FONTS_WITH_FILES, packagedFontFile } from '../fonts';

/**
 * Makes the basic-Latin part of each site font (docs/decisions/082): the font's latin woff2 from
 * its @fontsource-variable package, cut to BASIC_LATIN_RANGE with HarfBuzz (every weight of the
 * variable font, the default layout features), written beside this file, where GET /fonts reads
 * it. The files are committed: the server never runs this, and `subset.test.ts` fails when they
 * are not what this makes from the installed packages (a package update: run it again).
 *
 *   node --import tsx src/server/http/pages/font-files/subset.ts
 */

/** Every code point of a CSS unicode-range (`U+20-7E,U+A0`), in order. */
export function codePointsOf(range: string): number[] {
  return range.split(',').flatMap((part) => {
    const [from, to = from] = part.trim().replace(/^U\+/i, '').split('-');
    const [start, end] = [parseInt(from!, 16), parseInt(to!, 16)];
    return Array.from({ length: end - start + 1 }, (_, i) => start + i);
  });
}

/** The basic-Latin woff2 of one site font, made from its package's latin file. */
export async function basicLatinSubset(font: { pkg: string; file: string }): Promise<Buffer> {
  const text = String.fromCodePoint(...codePointsOf(BASIC_LATIN_RANGE));
  const whole = await readFile(packagedFontFile(font.pkg, font.file));
  return subsetFont(whole, text, { targetFormat: 'woff2' });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const font of FONTS_WITH_FILES) {
    const bytes = await basicLatinSubset(font);
    await writeFile(path.join(FONT_FILES_DIR, basicLatinFile(font.file)), bytes);
    console.log(`${basicLatinFile(font.file)}: ${bytes.length} bytes`);
  }
}
