import { access, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';
import { acquireDirLock, type DirLock } from './lock';

export type Schema = typeof schema;
/** The one database type the modules see, whichever driver is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<boolean>;
  /**
   * PGlite only: a tarball of the database files taken inside this process between two
   * statements, so it is consistent (committed transactions in, an open one rolled back when it is
   * loaded). What backups of the embedded default are made from (docs/decisions/041).
   */
  dumpDataDir?: () => Promise<Blob>;
  close(): Promise<void>;
}

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Extensions must be passed on every PGlite open (they are not remembered in the data dir). */
export const PGLITE_EXTENSIONS = { pg_trgm };

/** Sees every statement the app runs (tests count them; nothing in production uses it). */
export type QueryObserver = (sql: string) => void;

const observe = (onQuery?: QueryObserver) =>
  onQuery ? { logger: { logQuery: (query: string) => onQuery(query) } } : {};

export async function openPostgres(
  url: string,
  opts: { onConnectionError?: (err: Error) => void; onQuery?: QueryObserver } = {},
): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection that dies (database restart, failover, admin kill) is reported here; the
  // pool replaces it on the next query. Without a listener the error would crash the process.
  pool.on(
    'error',
    opts.onConnectionError ??
      ((err) => console.error(`PostgreSQL connection lost (it will be re-opened): ${err.message}`)),
  );
  const db = drizzlePg({ client: pool, schema, ...observe(opts.onQuery) }) as unknown as Db;
  await migratePg(db as never, { migrationsFolder: MIGRATIONS_DIR });
  return {
    db,
    kind: 'postgres',
    ping: () => pingDb(db),
    close: () => pool.end(),
  };
}

/** Wraps an already-open PGlite (used by tests, which clone one migrated template). */
export function wrapPglite(client: PGlite, lock?: DirLock, onQuery?: QueryObserver): Database {
  const db = drizzlePglite({ client, schema, ...observe(onQuery) }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    ping: () => pingDb(db),
    dumpDataDir: () => client.dumpDataDir('none'),
    close: async () => {
      await client.close();
      await lock?.release();
    },
  };
}

export async function migratePgliteDb(client: PGlite): Promise<void> {
  await migratePglite(drizzlePglite({ client, schema }), { migrationsFolder: MIGRATIONS_DIR });
}

const pgliteDir = (dataDir: string) => path.resolve(dataDir, 'pglite');

/** PGlite's options for the database of a DATA_DIR, optionally filled from a dumpDataDir() tarball. */
const pgliteOptions = (dataDir: string, loadDataDir?: Blob) => ({
  dataDir: pgliteDir(dataDir),
  extensions: PGLITE_EXTENSIONS,
  // PostgreSQL's default 128 MB buffer cache is sized for a server; an embedded store on a
  // laptop does as well with 32 MB and the process stays ~100 MB lighter (bench/run.ts).
  postgresqlconf: ['shared_buffers=32MB'],
  ...(loadDataDir ? { loadDataDir } : {}),
});

/** True when DATA_DIR holds an embedded database (opening one that does not creates it). */
export const hasPgliteDatabase = (dataDir: string): Promise<boolean> =>
  access(path.join(pgliteDir(dataDir), 'PG_VERSION')).then(
    () => true,
    () => false,
  );

/**
 * Embedded PostgreSQL in DATA_DIR, guarded by an exclusive lock (PGlite has none of its own).
 * Migrated unless told not to (a backup of a stopped DATA_DIR copies it as it is).
 */
export async function openPglite(
  dataDir: string,
  opts: { migrate?: boolean } = {},
): Promise<Database> {
  await mkdir(pgliteDir(dataDir), { recursive: true });
  const lock = await acquireDirLock(path.resolve(dataDir));
  try {
    const client = await PGlite.create(pgliteOptions(dataDir));
    if (opts.migrate !== false) await migratePgliteDb(client);
    return wrapPglite(client, lock);
  } catch (err) {
    await lock.release();
    throw err;
  }
}

/**
 * Creates the database of an empty DATA_DIR from a dumpDataDir() tarball (a restore) and checks
 * that it opens and answers. The caller holds the directory's lock.
 */
export async function loadPgliteDump(dataDir: string, dump: Blob): Promise<void> {
  const client = await PGlite.create(pgliteOptions(dataDir, dump));
  try {
    await client.query('select 1');
  } finally {
    await client.close();
  }
}

export function openDatabase(opts: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl) : openPglite(opts.dataDir);
}

async function pingDb(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
