import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { COMPRESSION } from '../api/compression';
import type { CachedPage } from './render-cache';

/**
 * How a rendered page becomes the bytes the render cache keeps (docs/decisions/017, 044): its
 * inline scripts hashed for the CSP, and compressed twice — first at the fast level the app uses on
 * the fly (api/compression.ts: brotli 3, gzip 6), so the visitors waiting for the render are
 * answered within a couple of milliseconds of it, then at the best level (brotli 11, gzip 9) in
 * the background, swapped in when smaller. Both run off the event loop, in the thread pool.
 */

// `<script …>…</script>` as React writes it: attribute values never hold a raw `>` (escaped as
// `&gt;`), and inside a script's text `</script` is always escaped (`<\/script`).
const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;

/** SHA-256 (base64) of the text of every inline script of `html` (scripts with `src` excluded). */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = '', text = ''] of html.matchAll(SCRIPT)) {
    if (/\ssrc\s*=/i.test(attributes)) continue;
    hashes.add(createHash('sha256').update(text, 'utf8').digest('base64'));
  }
  return [...hashes];
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The page's compressed forms at the app's on-the-fly level. */
const compressFast = (html: Buffer) =>
  Promise.all([brotli(html, COMPRESSION.brotli), gzipAsync(html, COMPRESSION.gzip)]);

/** The page's compressed forms at the strongest settings (~70 ms of brotli for a 63 KB page). */
const compressBest = (html: Buffer) =>
  Promise.all([
    brotli(html, {
      params: {
        [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
        [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
        [zlib.BROTLI_PARAM_SIZE_HINT]: html.length,
      },
    }),
    gzipAsync(html, { level: zlib.Z_BEST_COMPRESSION }),
  ]);

/** A rendered page as the cache keeps it at first: hashed, compressed at the fast level. */
export async function preparePage(
  html: Buffer,
  headers: ReadonlyArray<readonly [string, string]>,
  policy: (scriptHashes: readonly string[]) => string,
): Promise<CachedPage> {
  const [br, gz] = await compressFast(html);
  const scriptHashes = inlineScriptHashes(html.toString('utf8'));
  return { headers, scriptHashes, csp: policy(scriptHashes), html, br, gzip: gz };
}

/**
 * The background best compression of stored pages, one page at a time: the thread pool (4 threads)
 * also compresses the pages visitors wait for, so these never take more than one of its threads.
 * Past `maxQueued` pages waiting (a change for everyone re-rendering every page at once) a page
 * keeps its fast forms: the best level pays only when there is time for it.
 */
export function bestCompressionQueue(maxQueued = 32) {
  let chain: Promise<unknown> = Promise.resolve();
  let queued = 0;
  return (html: Buffer): Promise<Pick<CachedPage, 'br' | 'gzip'> | null> => {
    if (queued >= maxQueued) return Promise.resolve(null);
    queued += 1;
    const done = chain.then(async () => {
      try {
        const [br, gz] = await compressBest(html);
        return { br, gzip: gz };
      } finally {
        queued -= 1;
      }
    });
    chain = done.catch(() => {});
    return done;
  };
}
