import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  BASIC_LATIN_RANGE,
  REST_OF_LATIN_RANGE,
  basicLatinFile,
} from '../../../../shared/contracts/font-ranges';
import { FONTS_WITH_FILES, FONT_FILES_DIR } from '../fonts';
import { basicLatinSubset, codePointsOf } from './subset';

const require = createRequire(import.meta.url);

describe("the site fonts' basic-Latin files (docs/decisions/082)", () => {
  it('split the packages’ latin range in two: disjoint, and together the whole of it', async () => {
    // The range every @fontsource-variable package gives its latin file.
    const css = await readFile(require.resolve('@fontsource-variable/lora/wght.css'), 'utf8');
    const latin = /lora-latin-wght-normal[\s\S]*?unicode-range:\s*([^;]+);/.exec(css)?.[1];
    expect(latin).toBeDefined();
    const basic = codePointsOf(BASIC_LATIN_RANGE);
    const rest = codePointsOf(REST_OF_LATIN_RANGE);
    expect(basic.filter((c) => rest.includes(c))).toEqual([]);
    expect([...basic, ...rest].sort((a, b) => a - b)).toEqual(codePointsOf(latin!));
    // What nearly every page is written in is in the small file.
    for (const c of 'Az09 ’“”–—…€£') expect(basic).toContain(c.codePointAt(0));
    expect(rest).toContain('é'.codePointAt(0));
  });

  it('are what subset.ts makes from the installed packages, and smaller than the whole files', async () => {
    for (const font of FONTS_WITH_FILES) {
      const committed = await readFile(path.join(FONT_FILES_DIR, basicLatinFile(font.file)));
      const made = await basicLatinSubset(font);
      // A package update changes the whole file: `node --import tsx …/font-files/subset.ts`.
      expect(committed.equals(made), `${basicLatinFile(font.file)} is out of date`).toBe(true);
      expect(committed.subarray(0, 4).toString('latin1')).toBe('wOF2');
      const whole = await readFile(
        require.resolve(`@fontsource-variable/${font.pkg}/files/${font.file}`),
      );
      expect(committed.length).toBeLessThan(whole.length * 0.85);
    }
  });
});
