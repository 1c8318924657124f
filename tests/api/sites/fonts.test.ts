import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basicLatinFile } from '../../../src/shared/contracts/font-ranges';
import {
  FONTS_WITH_FILES,
  FONT_FILES_DIR,
  packagedFontFile,
} from '../../../src/server/http/pages/fonts';
import { fontUrl } from '../../../src/web/features/sites/components/FontFaceLinks';
import { createTestApp, type TestApp } from '../../helpers/app';
import { inject } from '../../factories/accounts';

/**
 * GET /fonts/{file}: every site font's whole latin file (from its package) and its basic-Latin part
 * (committed, docs/decisions/082), as the pages' @font-face rules name them; nothing else.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('GET /fonts/{file}', () => {
  it("serves each font's whole file and its basic-Latin part, kept for a year", async () => {
    const fonts = FONTS_WITH_FILES;
    expect(fonts.length).toBe(6);
    for (const font of fonts) {
      for (const [file, onDisk] of [
        [font.file, packagedFontFile(font.pkg, font.file)],
        [basicLatinFile(font.file), path.join(FONT_FILES_DIR, basicLatinFile(font.file))],
      ] as const) {
        const res = await inject(t, { url: fontUrl(file) });
        expect(res.statusCode, file).toBe(200);
        expect(res.headers['content-type']).toBe('font/woff2');
        expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(res.rawPayload.equals(await readFile(onDisk)), file).toBe(true);
      }
    }
  });

  it('answers 404 for a file that is not a site font', async () => {
    for (const file of ['comic-sans.woff2', '..%2Fpackage.json', 'subset.ts']) {
      const res = await inject(t, { url: fontUrl(file) });
      expect(res.statusCode, file).toBe(404);
      expect(res.body).toBe('There is no such font.');
    }
  });
});
