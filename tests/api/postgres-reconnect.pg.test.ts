import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openPostgres } from '../../src/server/db/postgres';

/**
 * Real PostgreSQL only (`*.pg.test.ts` run in the PostgreSQL pass): a connection killed under the
 * app (restart, failover) must not crash it.
 */
describe('PostgreSQL connection loss', () => {
  it('reports the lost idle connection and answers the next query on a new one', async () => {
    const base = process.env.TEST_DATABASE_URL!;
    const name = `t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(base);
    url.pathname = `/${name}`;
    const lost: Error[] = [];
    const database = await openPostgres(url.toString(), {
      onConnectionError: (err) => lost.push(err),
    });
    try {
      expect(await database.ping()).toBe(true);
      await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [name],
      );
      await expect.poll(() => lost.length).toBeGreaterThan(0);
      const result = await database.db.execute(sql`select 41 + 1 as answer`);
      expect((result as { rows: unknown[] }).rows[0]).toEqual({ answer: 42 });
    } finally {
      await database.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
});
