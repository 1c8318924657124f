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
const BASIC_LATIN_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'font-files');

/**
 * GET /fonts/{file}: the self-hosted woff2 files of the site fonts (SITE_FONTS), read once and kept
 * in memory — each font's whole latin file from its npm package, and its basic-Latin part
 * (docs/decisions/082). No third-party font CDN. woff2 is already compressed; each file's content
 * is fixed for its package version, so browsers keep it.
 */
export const fontRoutes: FastifyPluginAsync = async (app) => {
  const files = new Map<string, string>();
  for (const font of SITE_FONTS) {
    if (!font.file || !font.pkg) continue;
    const pkgJson = require.resolve(`@fontsource-variable/${font.pkg}/package.json`);
    files.set(font.file, path.join(path.dirname(pkgJson), 'files', font.file));
    files.set(basicLatinFile(font.file), path.join(BASIC_LATIN_DIR, basicLatinFile(font.file)));
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
