import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { observe, pingDb, type Database, type Db, type QueryObserver } from './client';
import { MIGRATIONS_DIR, migrationsUpToDate } from './migration-state';
import { createPool, POOL_DEFAULTS, poolStatsOf, type PoolSettings } from './pool';

/**
 * PostgreSQL (DATABASE_URL). A module of its own, imported by openDatabase only when configured:
 * the embedded default never loads node-postgres (docs/decisions/055).
 */

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
 * that dies loses its session, and with it the lock. A database already up to date (every restart)
 * is told by one query, without the lock.
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
    if (await migrationsUpToDate((text) => client.query(text))) return;
    await client.query('select pg_advisory_lock(hashtext($1))', [MIGRATION_LOCK]);
    await migrate(drizzle({ client }), { migrationsFolder: MIGRATIONS_DIR });
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
  const db = drizzle({ client: pool, ...observe(opts.onQuery) }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    ping: () => pingDb(db),
    poolStats: () => poolStatsOf(pool),
    close: () => pool.end(),
  };
}
