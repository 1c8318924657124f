import { constants as zlib } from 'node:zlib';

/**
 * How the app compresses text answers (docs/decisions/011), in one place: the compression plugin
 * (app.ts) and the answers prepared once for many readers (api/v1/shared-answer.ts) must
 * produce the same thing.
 */
export const COMPRESSION = {
  /** Answers smaller than this go out as they are. */
  threshold: 1024,
  // Quality 5 with a 256 KB window (pages and most JSON are far smaller): ~0.14 ms for a 10 KB
  // page, smaller than quality 4 with the default 4 MB window, which costs a third more to set up
  // on every answer.
  brotli: { params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_LGWIN]: 18 } },
  gzip: { level: 6 },
} as const;
