import path from 'node:path';

/**
 * The control socket's protocol. The client sends one JSON line (`{"command":"backup"}`); the
 * server answers with frames — a type byte, a 4-byte big-endian length, the payload — so the
 * backup's bytes and its progress travel on one connection, and the client knows whether the
 * server finished (a final frame) or failed (an error frame, or the connection closing early).
 */
export const FRAME = {
  /** JSON BackupProgress */
  progress: 0x50,
  /** bytes of the backup file */
  data: 0x44,
  /** JSON { message } */
  error: 0x45,
  /** JSON Manifest: the backup is complete */
  finished: 0x46,
} as const;
export type FrameType = (typeof FRAME)[keyof typeof FRAME];

/** The control socket of the server that has DATA_DIR open (embedded default only). */
export const CONTROL_SOCKET = 'control.sock';
export const controlSocketPath = (dataDir: string) =>
  path.join(path.resolve(dataDir), CONTROL_SOCKET);

export function encodeFrame(type: FrameType, payload: Buffer | object): Buffer {
  const body = Buffer.isBuffer(payload) ? payload : Buffer.from(JSON.stringify(payload));
  const header = Buffer.alloc(5);
  header.writeUInt8(type, 0);
  header.writeUInt32BE(body.length, 1);
  return Buffer.concat([header, body]);
}

/** Splits a byte stream into frames, whatever the chunk boundaries. */
export async function* decodeFrames(
  chunks: AsyncIterable<Buffer>,
): AsyncGenerator<{ type: number; payload: Buffer }> {
  let pending: Buffer = Buffer.alloc(0);
  for await (const chunk of chunks) {
    pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
    while (pending.length >= 5) {
      const length = pending.readUInt32BE(1);
      if (pending.length < 5 + length) break;
      yield { type: pending.readUInt8(0), payload: pending.subarray(5, 5 + length) };
      pending = pending.subarray(5 + length);
    }
  }
  if (pending.length > 0) throw new Error('the connection ended in the middle of a frame');
}
