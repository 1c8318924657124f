import { constants as zlib } from 'node:zlib';

/**
 * How the app compresses text answers (docs/decisions/011), in one place: the compression plugin
 * (app.ts) and the answers prepared once for many readers (api/v1/shared-answer.ts) must
 * produce the same thing.
 */
export const COMPRESSION = {
  /** Answers smaller than this go out as they are. */
  threshold: 1024,
  // Quality 3 with a 256 KB window (pages and most JSON are far smaller; the default 4 MB window
  // costs a third more to set up on every answer). For the 66 KB marketplace page: quality 3 takes
  // 0.36 ms for 11.0 KB, quality 4 0.65 ms for 10.5 KB, quality 5 0.87 ms for 9.8 KB (gzip 6,
  // below: 0.65 ms for 12.0 KB); a 24-post list 0.18, 0.29, 0.45 ms (docs/decisions/078).
  brotli: { params: { [zlib.BROTLI_PARAM_QUALITY]: 3, [zlib.BROTLI_PARAM_LGWIN]: 18 } },
  gzip: { level: 6 },
  /**
   * Answers held whole in memory up to this size (rendered pages are 20–70 KB) are compressed in
   * one call; larger ones, and bodies still being rendered, through a stream. Through the stream
   * the 66 KB marketplace page cost 2.5 ms of CPU against 0.9 ms in one call (quality 5: thread-
   * pool round trips, a brotli state per answer, each compressed piece written on its own); one
   * call holds the event loop ~0.6 ms per 100 KB at the settings above (docs/decisions/078).
   */
  oneCallUpTo: 256 * 1024,
} as const;
