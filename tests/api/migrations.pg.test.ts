import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { ensureAdmin } from '../../src/server/composition/setup';
import { MIGRATIONS_DIR } from '../../src/server/db/client';
import { migratePostgres, openPostgres } from '../../src/server/db/postgres';
import { createTestApp } from '../helpers/app';
import { throwawayPostgres } from '../helpers/database';

/**
 * Instances started at once on one empty database (docs/decisions/038): migrations run under an
 * advisory lock, so every runner comes up and the schema is made once. Without the lock, two
 * runners both create the tables and one fails (duplicate key in pg_type).
 */
const dropLater: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(dropLater.splice(0).map((drop) => drop()));
});

async function emptyDatabase(): Promise<string> {
  const throwaway = await throwawayPostgres();
  dropLater.push(throwaway.drop);
  return throwaway.url;
}

/** The migrations the journal lists, and what the database says it applied (and its tables). */
async function schemaState(url: string) {
  const journal = JSON.parse(
    await readFile(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8'),
  );
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const applied = await client.query('select hash from drizzle.__drizzle_migrations');
    const users = await client.query(
      "select count(*)::int as n from pg_tables where schemaname = 'public' and tablename = 'users'",
    );
    return {
      expected: (journal.entries as unknown[]).length,
      applied: applied.rows.length,
      distinct: new Set(applied.rows.map((r: { hash: string }) => r.hash)).size,
      usersTables: users.rows[0].n as number,
    };
  } finally {
    await client.end();
  }
}

/** `npm run migrate` as a deploy pipeline runs it: its exit code and what it printed. */
function migrateScript(url: string): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/http/boot/migrate.ts'], {
    env: { ...process.env, DATABASE_URL: url, NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output })));
}

describe('migrations on one empty database', () => {
  it('four runners at once (instances starting, a deploy step) all succeed; the schema is made once', async () => {
    const url = await emptyDatabase();
    const quiet = { onConnectionError: () => {} };
    const [a, b] = await Promise.all([
      openPostgres(url, quiet),
      openPostgres(url, quiet),
      migratePostgres(url),
      migratePostgres(url),
    ]);
    try {
      expect(await a!.ping()).toBe(true);
      expect(await b!.ping()).toBe(true);
    } finally {
      await Promise.all([a!.close(), b!.close()]);
    }
    const state = await schemaState(url);
    expect(state.applied).toBe(state.expected);
    expect(state.distinct).toBe(state.expected);
    expect(state.usersTables).toBe(1);
  });

  it('`npm run migrate` applies them and exits 0, twice at once as well', async () => {
    const url = await emptyDatabase();
    const runs = await Promise.all([migrateScript(url), migrateScript(url)]);
    for (const run of runs) {
      expect(run.code, run.output).toBe(0);
      expect(run.output).toMatch(/Migrations applied \(postgres\)/);
    }
    const state = await schemaState(url);
    expect(state.applied).toBe(state.expected);
    expect(state.usersTables).toBe(1);
  }, 60_000);
});

describe('migrations on a migrated database (every restart)', () => {
  it('are checked without the lock: a start does not wait for a runner holding it', async () => {
    const url = await emptyDatabase();
    await migratePostgres(url);
    const other = new pg.Client({ connectionString: url });
    await other.connect();
    try {
      // Another runner holds the migration lock (say `npm run migrate` of the next deploy, with
      // nothing to apply either): a restart with nothing to apply does not queue behind it.
      await other.query("select pg_advisory_lock(hashtext('storefront:migrate'))");
      await migratePostgres(url);
    } finally {
      await other.end();
    }
    const state = await schemaState(url);
    expect(state.applied).toBe(state.expected);
  });
});

describe('start-up data on PostgreSQL', () => {
  it('waits behind another instance holding its lock past the statement timeout, then goes on', async () => {
    const url = await emptyDatabase();
    const database = await openPostgres(url, {
      pool: { statementTimeoutMs: 200 },
      onConnectionError: () => {},
    });
    const t = await createTestApp(
      {},
      { ADMIN_EMAIL: 'root@example.test', ADMIN_PASSWORD: 'long enough password' },
      { database },
    );
    const other = new pg.Client({ connectionString: url });
    // Outside any transaction: pg_stat_activity is read once per transaction.
    const observer = new pg.Client({ connectionString: url });
    await Promise.all([other.connect(), observer.connect()]);
    try {
      // Another instance creating the admin: it holds the lock ensureAdmin takes.
      await other.query('begin');
      await other.query("select pg_advisory_xact_lock(hashtext('storefront:ensure-admin'))");
      const created = ensureAdmin(t.deps);
      // Still waiting well past the pool's 200 ms statement timeout…
      await expect
        .poll(
          async () => {
            const { rows } = await observer.query(
              `select count(*)::int as n from pg_stat_activity where datname = current_database()
               and wait_event_type = 'Lock' and now() - query_start > interval '400 milliseconds'`,
            );
            return rows[0].n;
          },
          { timeout: 10_000 },
        )
        .toBe(1);
      // …and done once the other instance is.
      await other.query('commit');
      expect(await created).toBe(true);
    } finally {
      await Promise.all([other.end(), observer.end()]);
      await t.close();
    }
  });
});
