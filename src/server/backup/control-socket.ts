import { once } from 'node:events';
import { chmod, rm } from 'node:fs/promises';
import net from 'node:net';
import { isMainThread } from 'node:worker_threads';
import { FRAME, controlSocketPath, encodeFrame, type FrameType } from './frames';
import { removeStaleStaging, takeSnapshot, type Snapshot, type SnapshotSources } from './snapshot';

interface Log {
  info(obj: unknown, msg?: string): void;
  warn(obj: unknown, msg?: string): void;
  error(obj: unknown, msg?: string): void;
}

export interface ControlSocket {
  readonly path: string;
  /** Stops listening, cuts off a backup being sent and removes the socket file. */
  close(): Promise<void>;
}

/** The longest unix socket path every platform takes (sun_path is 104 to 108 bytes). */
const MAX_SOCKET_PATH = 103;

class Disconnected extends Error {
  constructor() {
    super('the backup command disconnected');
  }
}

/** Writes, waiting while the client's side of the socket is full (a slow disk behind it). */
function write(socket: net.Socket, type: FrameType, payload: Buffer | object): Promise<void> {
  if (socket.destroyed || socket.writableEnded) return Promise.reject(new Disconnected());
  if (socket.write(encodeFrame(type, payload))) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const drained = () => {
      socket.off('close', closed);
      resolve();
    };
    const closed = () => {
      socket.off('drain', drained);
      reject(new Disconnected());
    };
    socket.once('drain', drained);
    socket.once('close', closed);
  });
}

/** The client's one request line (at most 1 kB), parsed; null when it is not JSON. */
function readRequest(socket: net.Socket): Promise<{ command?: unknown } | null> {
  return new Promise((resolve) => {
    let text = '';
    const done = (line: string | null) => {
      socket.off('data', onData);
      socket.off('end', onEnd);
      try {
        resolve(line === null ? null : (JSON.parse(line) as { command?: unknown }));
      } catch {
        resolve(null);
      }
    };
    const onData = (chunk: Buffer) => {
      text += chunk.toString('utf8');
      const end = text.indexOf('\n');
      if (end >= 0) done(text.slice(0, end));
      else if (text.length > 1024) done(null);
    };
    const onEnd = () => done(null);
    socket.on('data', onData);
    socket.once('end', onEnd);
  });
}

/** Streams one backup to the client; a failure is sent as an error frame and logged. */
async function sendBackup(socket: net.Socket, sources: SnapshotSources, log: Log): Promise<void> {
  const started = performance.now();
  let snapshot: Snapshot | null = null;
  try {
    // Progress frames are not waited for: deletions are held meanwhile (snapshot.ts).
    snapshot = await takeSnapshot(sources, (progress) => {
      if (!socket.destroyed) socket.write(encodeFrame(FRAME.progress, progress));
    });
    for await (const chunk of snapshot.archive()) await write(socket, FRAME.data, chunk);
    await write(socket, FRAME.finished, snapshot.manifest);
    socket.end();
    const { database, media } = snapshot.manifest;
    log.info(
      { ms: Math.round(performance.now() - started), databaseBytes: database.bytes, media },
      'backup made for npm run backup',
    );
  } catch (err) {
    log.error({ err }, 'backup failed');
    if (!socket.destroyed)
      socket.end(encodeFrame(FRAME.error, { message: (err as Error).message }));
  } finally {
    await snapshot?.dispose();
  }
}

/**
 * Binds owner-only from the start: whoever connects gets every account and the signing secret.
 * The socket file is created inside listen() (synchronously), so the umask is narrowed around
 * that call only; chmod covers worker threads, which may not change the umask.
 */
async function listenPrivately(server: net.Server, socketPath: string): Promise<void> {
  const previous = isMainThread ? process.umask(0o177) : null;
  try {
    server.listen(socketPath);
  } finally {
    if (previous !== null) process.umask(previous);
  }
  await once(server, 'listening');
  await chmod(socketPath, 0o600);
}

/**
 * The embedded default's control socket, DATA_DIR/control.sock: `npm run backup` asks the
 * server that has the database open for a snapshot, since no second process can open PGlite.
 * One backup at a time. Null (with a warning) when the socket cannot be opened (DATA_DIR's path
 * too long for one, say): the backup command then says how to back up.
 */
export async function openControlSocket(
  sources: Omit<SnapshotSources, 'origin'>,
  log: Log,
): Promise<ControlSocket | null> {
  const socketPath = controlSocketPath(sources.dataDir);
  if (Buffer.byteLength(socketPath) > MAX_SOCKET_PATH) {
    log.warn(
      { socketPath },
      'DATA_DIR is too long a path for the backup control socket: npm run backup works only while the server is stopped',
    );
    return null;
  }
  // This process holds DATA_DIR's lock: a socket file or snapshot found now was left by a killed one.
  await rm(socketPath, { force: true });
  await removeStaleStaging(sources.dataDir);

  const connections = new Set<net.Socket>();
  let running: Promise<void> | null = null;
  const server = net.createServer((socket) => {
    connections.add(socket);
    socket.once('close', () => connections.delete(socket));
    // A client that goes away mid-backup ends that backup (see write), not the process.
    socket.on('error', () => {});
    void readRequest(socket)
      .then(async (request) => {
        if (request?.command !== 'backup') {
          socket.end(
            encodeFrame(FRAME.error, { message: 'Unknown request: this socket makes backups.' }),
          );
        } else if (running) {
          socket.end(
            encodeFrame(FRAME.error, {
              message: 'A backup is being made already: try again when it is done.',
            }),
          );
        } else {
          running = sendBackup(socket, { ...sources, origin: 'running server' }, log);
          await running.finally(() => (running = null));
        }
      })
      .catch((err: unknown) => log.error({ err }, 'backup control socket request failed'));
  });
  try {
    await listenPrivately(server, socketPath);
  } catch (err) {
    // Backups of a running server are a convenience: the app serves without them.
    log.warn({ err, socketPath }, 'the backup control socket could not be opened');
    server.close();
    return null;
  }

  return {
    path: socketPath,
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of connections) socket.destroy();
      await closed;
      // A backup cut off above removes its snapshot before the database closes.
      await running;
      await rm(socketPath, { force: true });
    },
  };
}
