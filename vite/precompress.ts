import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

/**
 * Writes `<file>.br` and `<file>.gz` beside every text file of the client build, compressed once
 * at the highest levels (brotli 11, gzip 9), so the server never compresses a bundle per request:
 * @fastify/static serves the sibling that matches Accept-Encoding (`preCompressed`, ssr.ts).
 * Run by react-router.config.ts `buildEnd`, after the whole build (the route manifest included).
 */
const TEXT_FILE = /\.(?:js|mjs|css|html|json|svg|txt|xml|webmanifest)$/;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (entry.isFile()) yield full;
  }
}

export interface PrecompressSummary {
  files: number;
  bytes: number;
  brBytes: number;
  gzBytes: number;
}

export async function precompressDirectory(dir: string): Promise<PrecompressSummary> {
  const summary: PrecompressSummary = { files: 0, bytes: 0, brBytes: 0, gzBytes: 0 };
  const jobs: Promise<void>[] = [];
  for await (const file of files(dir)) {
    if (!TEXT_FILE.test(file)) continue;
    jobs.push(
      (async () => {
        const source = await readFile(file);
        const [br, gz] = await Promise.all([
          brotli(source, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
              [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length,
            },
          }),
          gzip(source, { level: zlib.constants.Z_BEST_COMPRESSION }),
        ]);
        // A file that does not shrink is served as it is.
        if (br.length < source.length) await writeFile(`${file}.br`, br);
        if (gz.length < source.length) await writeFile(`${file}.gz`, gz);
        summary.files += 1;
        summary.bytes += source.length;
        summary.brBytes += Math.min(br.length, source.length);
        summary.gzBytes += Math.min(gz.length, source.length);
      })(),
    );
  }
  await Promise.all(jobs);
  return summary;
}
