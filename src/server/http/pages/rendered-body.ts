import { Readable } from 'node:stream';

const nextMacrotask = () => new Promise<null>((resolve) => setImmediate(() => resolve(null)));

/**
 * A rendered body as Fastify should send it: what the renderer has produced by the time it waits
 * for something (a macrotask passes without a new chunk) is taken in one piece, so a page that
 * renders in one go — most: loaders have finished before rendering starts — is one buffer, which
 * the compression hook compresses in one call with an exact Content-Length. A page still
 * rendering then (a Suspense boundary waiting for data) sends that part at once and streams the
 * rest as it comes. Fed chunk by chunk, a compression stream costs ~1 ms of CPU per page in
 * thread-pool round trips, against ~0.1 ms for one call (docs/decisions/011).
 */
export async function renderedBody(body: ReadableStream<Uint8Array>): Promise<Buffer | Readable> {
  const reader = body.getReader();
  const head: Uint8Array[] = [];
  for (;;) {
    const pending = reader.read();
    const next = await Promise.race([pending, nextMacrotask()]);
    if (next === null) return streamOn(reader, pending, head);
    if (next.done) return head.length === 1 ? asBuffer(head[0]!) : Buffer.concat(head);
    head.push(next.value);
  }
}

/** A page handed over in one chunk (web/page-body.server.ts), as a Buffer without a copy. */
const asBuffer = (chunk: Uint8Array) =>
  Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);

/** The rest of a body still rendering, after what was already there (`head`). */
function streamOn(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  pending: Promise<ReadableStreamReadResult<Uint8Array>>,
  head: Uint8Array[],
): Readable {
  let next: Promise<ReadableStreamReadResult<Uint8Array>> | null = pending;
  const stream = new Readable({
    read() {
      const read = next ?? reader.read();
      next = null;
      read.then(
        (chunk) => this.push(chunk.done ? null : chunk.value),
        (error: unknown) => this.destroy(error instanceof Error ? error : new Error(String(error))),
      );
    },
    destroy(error, callback) {
      // The client went away (or the send failed): stop the render.
      reader.cancel(error ?? undefined).then(
        () => callback(error),
        () => callback(error),
      );
    },
  });
  if (head.length) stream.push(Buffer.concat(head));
  return stream;
}
