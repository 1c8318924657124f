import pg from 'pg';

/** How the PostgreSQL pool behaves (DATABASE_POOL_MAX, DATABASE_STATEMENT_TIMEOUT_MS). */
export interface PoolSettings {
  /** Connections per instance: instances × max must stay under the server's max_connections. */
  max: number;
  /** A statement running longer is cancelled by the server (0: never), freeing its connection. */
  statementTimeoutMs: number;
  /**
   * How long a query waits for a connection — to open one, or for one of `max` to be free —
   * before failing: an unreachable database answers 503 in this long instead of hanging.
   */
  connectTimeoutMs: number;
}

export const POOL_DEFAULTS: PoolSettings = {
  max: 10,
  statementTimeoutMs: 15_000,
  connectTimeoutMs: 5_000,
};

/** The pool now, for the metrics (pg's own counters). */
export interface PoolStats {
  /** Connections open (handing out queries or idle). */
  total: number;
  idle: number;
  /** Queries waiting for a connection. */
  waiting: number;
}

/**
 * A connection checked out with connect() (Drizzle's transactions) is given back to the pool the
 * moment it breaks, and later releases of it are no-ops: Drizzle runs `begin` before the
 * try/finally that releases the connection, so a connection killed just as it was handed out
 * would otherwise stay checked out for ever, and enough of those leave the pool with none to
 * give. pg's own pool.query() does the same for the connections it checks out.
 */
type ConnectCallback = Parameters<pg.Pool['connect']>[0];

class ReleasingPool extends pg.Pool {
  override connect(): Promise<pg.PoolClient>;
  override connect(callback: NonNullable<ConnectCallback>): void;
  override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | void {
    // The callback form is pool.query()'s own, which guards its connections itself.
    if (callback) return super.connect(callback);
    return super.connect().then((client) => {
      const giveBack = client.release;
      let given = false;
      const release = (err?: Error | boolean) => {
        if (given) return;
        given = true;
        client.removeListener('error', release);
        giveBack(err);
      };
      client.on('error', release);
      client.release = release;
      return client;
    });
  }
}

/**
 * The pool of one instance. Every client it opens gets an 'error' listener for its whole life: a
 * connection that dies (database restart, failover, admin kill) emits 'error' on its client, the
 * pool itself listens only while the client is idle in it, and an 'error' event nobody listens to
 * ends the process. A broken client is not queryable any more; the pool discards it on release.
 */
export function createPool(
  url: string,
  settings: PoolSettings,
  onConnectionError: (err: Error) => void,
): pg.Pool {
  const timeout = settings.statementTimeoutMs;
  const pool = new ReleasingPool({
    connectionString: url,
    max: settings.max,
    connectionTimeoutMillis: settings.connectTimeoutMs,
    // Sent at connect: the server cancels a longer statement (57014, answered 503). A transaction
    // that must wait longer says so (`set local statement_timeout`, composition/setup.ts), which a
    // client-side query_timeout could not hear of: there is none. A silently dead network is
    // noticed by TCP keep-alive.
    ...(timeout > 0 ? { statement_timeout: timeout } : {}),
    keepAlive: true,
    idleTimeoutMillis: 30_000,
  });
  pool.on('connect', (client) => client.on('error', onConnectionError));
  // The same error again, from the pool, for a client that was idle: already reported above.
  pool.on('error', () => {});
  return pool;
}

export const poolStatsOf = (pool: pg.Pool): PoolStats => ({
  total: pool.totalCount,
  idle: pool.idleCount,
  waiting: pool.waitingCount,
});
