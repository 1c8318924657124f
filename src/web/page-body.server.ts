import { Writable } from 'node:stream';

/**
 * Where React writes a page, and the body React Router answers with. React's Node renderer writes
 * 4 KB views one by one and calls `flush()` when a pass of rendering is written; here the views
 * of a pass are kept and handed to the body as one chunk at its `flush()`. A page rendered in one
 * go — most: loaders finish before rendering starts — is then one chunk (the server sends and
 * compresses it in one piece, pages/rendered-body.ts); a Suspense boundary that resolves later is
 * one more chunk when React writes it. The PassThrough and stream pump of React Router's template
 * moved every 4 KB view through a Node stream, a web stream and their backpressure (16 KB, so
 * React paused and resumed a few times per page): ~5 % of the CPU of rendering a 66 KB page.
 */
export function pageBody(
  /** Rewrites the first chunk (the head and the shell): first-paint.server.ts. */
  firstChunk?: (html: Buffer) => Buffer,
): { sink: Writable; body: ReadableStream<Uint8Array> } {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let views: Uint8Array[] = [];
  let rewrite = firstChunk;
  const handOn = () => {
    if (views.length === 0) return;
    let chunk = views.length === 1 ? views[0]! : Buffer.concat(views);
    views = [];
    if (rewrite) {
      chunk = rewrite(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
      rewrite = undefined;
    }
    controller.enqueue(chunk);
  };
  const sink = new Writable({
    write(view: Uint8Array, _encoding, callback) {
      views.push(view);
      callback();
    },
    final(callback) {
      handOn();
      controller.close();
      callback();
    },
    // React gave up on the page (a fatal error after the shell): so does the body's reader.
    destroy(error, callback) {
      if (error) controller.error(error);
      callback(error);
    },
  });
  // React calls this at the end of each pass it writes (react-dom/server's flushBuffered).
  Object.assign(sink, { flush: handOn });
  const body = new ReadableStream<Uint8Array>({
    start: (c) => {
      controller = c;
    },
    // The client went away: closing the sink makes React stop rendering (its `close` listener).
    cancel: () => {
      views = [];
      sink.destroy();
    },
  });
  return { sink, body };
}
