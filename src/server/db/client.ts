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
import { createPool, POOL_DEFAULTS, poolStatsOf, type PoolSettings, type PoolStats } from './pool';

export { POOL_DEFAULTS, type PoolSettings, type PoolStats };

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
  /** The connection pool's state (PostgreSQL only: PGlite is one in-process connection). */
  poolStats?(): PoolStats;
  close(): Promise<void>;
}

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Extensions must be passed on every PGlite open (they are not remembered in the data dir). */
export const PGLITE_EXTENSIONS = { pg_trgm };

/** Sees every statement the app runs (tests count them; nothing in production uses it). */
export type QueryObserver = (sql: string) => void;

const observe = (onQuery?: QueryObserver) =>
  onQuery ? { logger: { logQuery: (query: string) => onQuery(query) } } : {};

export interface PostgresOptions {
  pool?: Partial<PoolSettings>;
  /** A connection was lost (restart, failover, admin kill); the pool opens a new one when needed. */
  onConnectionError?: (err: Error) => void;
  onQuery?: QueryObserver;
  /** Apply pending migrations first (default true; `npm run migrate` and tests may say false). */
  migrate?: boolean;
}

/** The advisory lock migrations run under: instances started at once apply them one at a time. */
const MIGRATION_LOCK = 'storefront:migrate';

/**
 * Applies pending migrations under a session advisory lock, on a connection of its own without a
 * statement timeout (a migration, or the wait for another instance's, may take long). The first
 * instance to get the lock migrates; the others wait for it, then find nothing left to do. A runner
 * that dies loses its session, and with it the lock.
 */
export async function migratePostgres(
  url: string,
  connectTimeoutMs = POOL_DEFAULTS.connectTimeoutMs,
): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: connectTimeoutMs });
  // A connection lost while idle between statements is reported here; the next statement fails.
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query('select pg_advisory_lock(hashtext($1))', [MIGRATION_LOCK]);
    await migratePg(drizzlePg({ client, schema }), { migrationsFolder: MIGRATIONS_DIR });
  } finally {
    // Ending the session releases the lock.
    await client.end().catch(() => {});
  }
}

const defaultConnectionError = (err: Error) =>
  console.error(`PostgreSQL connection lost (it will be re-opened): ${err.message}`);

export async function openPostgres(url: string, opts: PostgresOptions = {}): Promise<Database> {
  const settings = { ...POOL_DEFAULTS, ...opts.pool };
  if (opts.migrate !== false) await migratePostgres(url, settings.connectTimeoutMs);
  const pool = createPool(url, settings, opts.onConnectionError ?? defaultConnectionError);
  const db = drizzlePg({ client: pool, schema, ...observe(opts.onQuery) }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    ping: () => pingDb(db),
    poolStats: () => poolStatsOf(pool),
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

export interface DatabaseConfig {
  /** PostgreSQL; unset, the embedded PGlite in `dataDir`. */
  databaseUrl?: string;
  dataDir: string;
  pool?: Partial<PoolSettings>;
  onConnectionError?: (err: Error) => void;
}

export function openDatabase(config: DatabaseConfig): Promise<Database> {
  const { databaseUrl, pool, onConnectionError } = config;
  return databaseUrl ? openPostgres(databaseUrl, { pool, onConnectionError }) : openPglite(config.dataDir);
}

/** Applies pending migrations and nothing else (`npm run migrate`, for deploy pipelines). */
export async function migrateDatabase(config: DatabaseConfig): Promise<Database['kind']> {
  if (config.databaseUrl) {
    await migratePostgres(config.databaseUrl, config.pool?.connectTimeoutMs);
    return 'postgres';
  }
  // Opening the embedded database migrates it (under its directory lock).
  await (await openPglite(config.dataDir)).close();
  return 'pglite';
}

async function pingDb(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
