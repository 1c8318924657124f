import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * A PostgreSQL server of the test's own — a cluster made with initdb in a temporary directory,
 * listening on loopback at `port` — that the test may stop and start like an operator restarting
 * the database: never the machine's shared server.
 */
export interface OwnPostgres {
  /** postgres://postgres@127.0.0.1:{port}/postgres (trust authentication). */
  url: string;
  /** `pg_ctl stop -m fast`: sessions are ended (57P01), then the server is gone until start(). */
  stop(): Promise<void>;
  /** Starts it again, returning once it accepts connections. */
  start(): Promise<void>;
  /** Stops it (if running) and deletes the cluster. */
  dispose(): Promise<void>;
}

/** initdb and pg_ctl: on PATH, or in Debian's versioned directory. */
function binary(name: string): string {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (dir && existsSync(path.join(dir, name))) return path.join(dir, name);
  }
  const debian = '/usr/lib/postgresql';
  const versions = existsSync(debian)
    ? readdirSync(debian).sort((a, b) => Number(b) - Number(a))
    : [];
  for (const version of versions) {
    const candidate = path.join(debian, version, 'bin', name);
    if (existsSync(candidate)) return candidate;
  }
  throw new Error(`${name} not found: install PostgreSQL's server package (Debian: postgresql)`);
}

export async function startOwnPostgres(port: number): Promise<OwnPostgres> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sf-own-pg-'));
  const data = path.join(dir, 'data');
  // PostgreSQL refuses to run as root: as root, the cluster belongs to the postgres user.
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const id = async (flag: string) => Number((await run('id', [flag, 'postgres'])).stdout.trim());
    await chown(dir, await id('-u'), await id('-g'));
  }
  const pg = (name: string, args: string[]) =>
    asRoot
      ? run('runuser', ['-u', 'postgres', '--', binary(name), ...args])
      : run(binary(name), args);
  await pg('initdb', [
    '-D',
    data,
    '-A',
    'trust',
    '-U',
    'postgres',
    '-E',
    'UTF8',
    '--locale=C',
    '--no-sync',
  ]);
  // Durability is not under test: no fsync keeps start and stop quick.
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -k ${dir} -c fsync=off -c full_page_writes=off`;
  let running = false;
  const start = async () => {
    await pg('pg_ctl', [
      '-D',
      data,
      '-l',
      path.join(dir, 'log'),
      '-w',
      '-t',
      '60',
      '-o',
      options,
      'start',
    ]);
    running = true;
  };
  const stop = async () => {
    await pg('pg_ctl', ['-D', data, '-m', 'fast', '-w', '-t', '60', 'stop']);
    running = false;
  };
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    stop,
    async dispose() {
      if (running) await stop().catch(() => {});
      await rm(dir, { recursive: true, force: true });
    },
  };
}
