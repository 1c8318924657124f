import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyPluginAsync } from 'fastify';
import { basicLatinFile } from '../../../shared/contracts/font-ranges';
import { SITE_FONTS } from '../../../shared/contracts/site-rules';

const require = createRequire(import.meta.url);
/**
 * The committed basic-Latin parts (font-files/subset.ts makes them): beside this file in the
 * sources, beside the compiled server in build/app (boot/build.js copies them there).
 */
export const FONT_FILES_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'font-files');

/** The site fonts that have files: the device's own font has none. */
export const FONTS_WITH_FILES = SITE_FONTS.flatMap((font) =>
  font.file && font.pkg ? [{ pkg: font.pkg, file: font.file }] : [],
);

/** The whole latin file of a site font, as its package ships it. */
export function packagedFontFile(pkg: string, file: string): string {
  const pkgJson = require.resolve(`@fontsource-variable/${pkg}/package.json`);
  return path.join(path.dirname(pkgJson), 'files', file);
}

/**
 * GET /fonts/{file}: the self-hosted woff2 files of the site fonts (SITE_FONTS), read once and kept
 * in memory — each font's whole latin file from its npm package, and its basic-Latin part
 * (docs/decisions/082). No third-party font CDN. woff2 is already compressed; each file's content
 * is fixed for its package version, so browsers keep it.
 */
export const fontRoutes: FastifyPluginAsync = async (app) => {
  const files = new Map<string, string>();
  for (const font of FONTS_WITH_FILES) {
    files.set(font.file, packagedFontFile(font.pkg, font.file));
    files.set(basicLatinFile(font.file), path.join(FONT_FILES_DIR, basicLatinFile(font.file)));
  }
  const cache = new Map<string, Buffer>();

  app.get<{ Params: { file: string } }>(
    '/fonts/:file',
    { schema: { hide: true } },
    async (request, reply) => {
      const file = files.get(request.params.file);
      if (!file) {
        return reply.code(404).type('text/plain; charset=utf-8').send('There is no such font.');
      }
      let bytes = cache.get(file);
      if (!bytes) cache.set(file, (bytes = await readFile(file)));
      return reply
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('access-control-allow-origin', '*')
        .type('font/woff2')
        .send(bytes);
    },
  );
};
