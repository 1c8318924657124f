import { access, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { acquireDirLock, type DirLock } from './lock';
import { MIGRATIONS_DIR, migrationsUpToDate } from './migration-state';
import { drizzleView } from './pglite-statements';
import type { PoolSettings, PoolStats } from './pool';
import { withStartupTiering } from './wasm-tiering';

export { MIGRATIONS_DIR };
export type { PoolSettings, PoolStats };

/**
 * The one database type the modules see, whichever driver is behind it. Without drizzle's
 * relational queries (`db.query.*`, which nothing uses): given the schema, drizzle would build
 * their lookup tables from every table at each open (docs/decisions/055).
 */
export type Db = PgDatabase<PgQueryResultHKT>;

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
  /** The connection pool's state (PostgreSQL only: PGlite is one in-process connection). */
  poolStats?(): PoolStats;
  close(): Promise<void>;
}

/** Extensions must be passed on every PGlite open (they are not remembered in the data dir). */
export const PGLITE_EXTENSIONS = { pg_trgm };

/** Sees every statement the app runs (tests count them; nothing in production uses it). */
export type QueryObserver = (sql: string) => void;

export const observe = (onQuery?: QueryObserver) =>
  onQuery ? { logger: { logQuery: (query: string) => onQuery(query) } } : {};

/** Wraps an already-open PGlite (used by tests, which clone one migrated template). */
export function wrapPglite(client: PGlite, lock?: DirLock, onQuery?: QueryObserver): Database {
  const db = drizzlePglite({ client: drizzleView(client), ...observe(onQuery) }) as unknown as Db;
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

/** Applies pending migrations; a database up to date (every restart) is told by one query. */
export async function migratePgliteDb(client: PGlite): Promise<void> {
  if (await migrationsUpToDate((text) => client.query(text))) return;
  await migratePglite(drizzlePglite({ client }), { migrationsFolder: MIGRATIONS_DIR });
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
    const client = await withStartupTiering(() => PGlite.create(pgliteOptions(dataDir)));
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

export interface DatabaseConfig {
  /** PostgreSQL; unset, the embedded PGlite in `dataDir`. */
  databaseUrl?: string;
  dataDir: string;
  pool?: Partial<PoolSettings>;
  onConnectionError?: (err: Error) => void;
}

export async function openDatabase(config: DatabaseConfig): Promise<Database> {
  const { databaseUrl, pool, onConnectionError } = config;
  if (!databaseUrl) return openPglite(config.dataDir);
  const { openPostgres } = await import('./postgres');
  return openPostgres(databaseUrl, { pool, onConnectionError });
}

/** Applies pending migrations and nothing else (`npm run migrate`, for deploy pipelines). */
export async function migrateDatabase(config: DatabaseConfig): Promise<Database['kind']> {
  if (config.databaseUrl) {
    const { migratePostgres } = await import('./postgres');
    await migratePostgres(config.databaseUrl, config.pool?.connectTimeoutMs);
    return 'postgres';
  }
  // Opening the embedded database migrates it (under its directory lock).
  await (await openPglite(config.dataDir)).close();
  return 'pglite';
}

export async function pingDb(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
