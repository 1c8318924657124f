import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pgDriver from 'pg';
import { expect } from 'vitest';

const run = promisify(execFile);

/**
 * A PostgreSQL server of the test's own — a cluster made with initdb in a temporary directory,
 * listening on loopback at `port` — that the test may stop and start like an operator restarting
 * the database: never the machine's shared server.
 */
export interface OwnPostgres {
  /** postgres://postgres@127.0.0.1:{port}/postgres (trust authentication). */
  url: string;
  /**
   * `pg_ctl stop -m fast` (the default): sessions are ended (57P01), then the server is gone until
   * start(). `immediate` ends every process at once, as a crash does: nothing in flight commits,
   * and start() recovers from the log.
   */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  /** Starts it again (if stopped), returning once it accepts connections. */
  start(): Promise<void>;
  /**
   * Ends every client session but those of `spare` (pids), as an operator's pg_terminate_backend
   * or a failover does (57P01); the server stays up. How many it ended.
   */
  terminateSessions(spare?: number[]): Promise<number>;
  /**
   * Runs `lockingSelect` (a SELECT … FOR UPDATE, or FOR NO KEY UPDATE to let inserts that refer
   * to the rows by foreign key through) in a transaction of its own: the app's next write to those
   * rows waits there (RowHold).
   */
  holdRows(lockingSelect: string, params?: unknown[]): Promise<RowHold>;
  /** Stops it (if running) and deletes the cluster. */
  dispose(): Promise<void>;
}

/**
 * Rows locked FOR UPDATE by a session of the test's: an app statement that writes them waits on
 * it, at a point of the app's transaction the test chose — the moment a fault drill strikes.
 */
export interface RowHold {
  /** The holding session's pid (spare it when ending the others). */
  pid: number;
  /** Resolves once another session waits for the rows: the statement it waits in. */
  waitedOn(): Promise<string>;
  /** Ends the hold (rollback), unless the server ended it already. */
  release(): Promise<void>;
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
    if (running) return;
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
  const stop = async (mode: 'fast' | 'immediate' = 'fast') => {
    await pg('pg_ctl', ['-D', data, '-m', mode, '-w', '-t', '60', 'stop']);
    running = false;
  };
  await start();
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const session = async () => {
    const client = new pgDriver.Client({ connectionString: url });
    // Ended with the others when the server stops: its next statement fails, no process crash.
    client.on('error', () => {});
    await client.connect();
    return client;
  };
  return {
    url,
    start,
    stop,
    async terminateSessions(spare = []) {
      const client = await session();
      try {
        const { rows } = await client.query<{ n: number }>(
          `select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
            where backend_type = 'client backend' and pid <> pg_backend_pid() and not pid = any($1)`,
          [spare],
        );
        return rows[0]!.n;
      } finally {
        await client.end();
      }
    },
    async holdRows(lockingSelect, params = []) {
      const client = await session();
      await client.query('begin');
      const { rowCount } = await client.query(lockingSelect, params);
      if (!rowCount) throw new Error(`holdRows: nothing to lock (${lockingSelect})`);
      const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
      const pid = rows[0]!.pid;
      return {
        pid,
        async waitedOn() {
          // pg_blocking_pids reads the lock table as it is now (no per-transaction snapshot).
          const waiting = async () =>
            (
              await client.query<{ pid: number }>(
                `select pid from pg_locks where not granted and $1::int = any(pg_blocking_pids(pid))`,
                [pid],
              )
            ).rows.map((r) => r.pid);
          await expect.poll(waiting, { timeout: 10_000, interval: 20 }).not.toEqual([]);
          // Read once: pg_stat_activity is a snapshot taken at its first read in a transaction.
          const { rows: statements } = await client.query<{ query: string }>(
            'select query from pg_stat_activity where pid = any($1)',
            [await waiting()],
          );
          return statements.map((r) => r.query).join('\n');
        },
        async release() {
          await client.query('rollback').catch(() => {});
          await client.end().catch(() => {});
        },
      };
    },
    async dispose() {
      if (running) await stop().catch(() => {});
      await rm(dir, { recursive: true, force: true });
    },
  };
}
