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
  /**
   * Answers held whole in memory up to this size (rendered pages are 20–70 KB) are compressed in
   * one call; larger ones, and bodies still being rendered, through a stream. Through the stream
   * the 66 KB marketplace page cost 2.5 ms of CPU against 0.9 ms in one call (quality 5: thread-
   * pool round trips, a brotli state per answer, each compressed piece written on its own); one
   * call holds the event loop ~1.3 ms per 100 KB at the settings above (docs/decisions/077).
   */
  oneCallUpTo: 256 * 1024,
} as const;
