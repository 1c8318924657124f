import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';

/**
 * A redis-server of the test's own (never the machine's shared one), to stop and start again for
 * real: for tests of what the app does while Redis is away. Give each test file its own port
 * (this repository's fault tests use 6391–6399). Nothing is saved to disk.
 */
export interface RedisServer {
  readonly port: number;
  readonly url: string;
  /** Stops the server (SIGTERM to its process) and resolves when it has exited. */
  stop(): Promise<void>;
  /** Starts it again on the same port, empty. */
  start(): Promise<void>;
  restart(): Promise<void>;
}

const INSTALL_HINT =
  'redis-server is not installed: the Redis fault tests start their own. Install it ' +
  '(Debian/Ubuntu: apt-get install redis-server; macOS: brew install redis).';

/** Spawns redis-server and resolves once it accepts connections. */
function spawnServer(port: number): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      'redis-server',
      [
        '--port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--save',
        '',
        '--appendonly',
        'no',
        '--dir',
        os.tmpdir(),
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) {
        child.stdout?.off('data', onData);
        child.off('exit', onExit);
        child.stdout?.resume();
        resolve(child);
      }
    };
    const onExit = (code: number | null) =>
      reject(
        new Error(`redis-server on port ${port} exited (${code}) before it was ready:\n${output}`),
      );
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', onExit);
    child.once('error', (err: NodeJS.ErrnoException) =>
      reject(err.code === 'ENOENT' ? new Error(INSTALL_HINT) : err),
    );
  });
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

export async function startRedisServer(port: number): Promise<RedisServer> {
  let child: ChildProcess | undefined = await spawnServer(port);
  const server: RedisServer = {
    port,
    url: `redis://127.0.0.1:${port}`,
    async stop() {
      if (child) await stopProcess(child);
      child = undefined;
    },
    async start() {
      if (!child) child = await spawnServer(port);
    },
    async restart() {
      await server.stop();
      await server.start();
    },
  };
  return server;
}
