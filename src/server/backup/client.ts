import { once } from 'node:events';
import { open, rename, rm } from 'node:fs/promises';
import net from 'node:net';
import { BackupRefusedError, manifestSchema, type BackupProgress, type Manifest } from './format';
import { FRAME, controlSocketPath, decodeFrames } from './frames';

/** Where a backup's bytes go: a temporary file, renamed to its name once complete. */
export interface BackupFile {
  write(chunk: Buffer): Promise<void>;
  /** Renames the complete file into place; its size. */
  commit(): Promise<number>;
  /** Removes what was written. */
  abort(): Promise<void>;
}

/** Owner-only (a backup holds every account and the signing secret); never half-written. */
export async function createBackupFile(target: string): Promise<BackupFile> {
  const partial = `${target}.partial`;
  const handle = await open(partial, 'w', 0o600);
  let size = 0;
  let closed = false;
  const close = async () => {
    if (!closed) await handle.close();
    closed = true;
  };
  return {
    async write(chunk) {
      await handle.write(chunk);
      size += chunk.length;
    },
    async commit() {
      await handle.sync();
      await close();
      await rename(partial, target);
      return size;
    },
    async abort() {
      await close();
      await rm(partial, { force: true });
    },
  };
}

const NO_SERVER = new Set(['ENOENT', 'ECONNREFUSED', 'ENOTSOCK']);

/**
 * Asks the server that has DATA_DIR open for a backup over its control socket and writes it to
 * `file`. Null when no server listens there (none runs, or one was killed and left its socket).
 */
export async function backupFromServer(
  dataDir: string,
  file: BackupFile,
  onProgress: (progress: BackupProgress) => void,
): Promise<Manifest | null> {
  const socket = net.connect(controlSocketPath(dataDir));
  try {
    await once(socket, 'connect');
  } catch (err) {
    socket.destroy();
    if (NO_SERVER.has((err as NodeJS.ErrnoException).code ?? '')) return null;
    throw err;
  }
  try {
    socket.write('{"command":"backup"}\n');
    for await (const frame of decodeFrames(socket)) {
      const json = () => JSON.parse(frame.payload.toString('utf8')) as unknown;
      if (frame.type === FRAME.data) await file.write(frame.payload);
      else if (frame.type === FRAME.progress) onProgress(json() as BackupProgress);
      else if (frame.type === FRAME.finished) return manifestSchema.parse(json());
      else if (frame.type === FRAME.error) {
        const { message } = json() as { message: string };
        throw new BackupRefusedError(`The server could not make the backup: ${message}`);
      }
    }
    throw new Error(
      'The server closed the connection before the backup was complete (did it stop?).',
    );
  } finally {
    socket.destroy();
  }
}
