import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PGLITE_EXTENSIONS, migratePgliteDb } from './client';
import { migrationsUpToDate } from './migration-state';

/**
 * A restart on a migrated database is told so by one look at drizzle's table (docs/decisions/055),
 * by drizzle's own rule (a migration newer than the newest one recorded is pending); anything
 * else goes to drizzle's migrator as before.
 */
let client: PGlite;
const rowsOf = (text: string) => client.query(text);

beforeAll(async () => {
  client = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
}, 60_000);
afterAll(() => client.close());

describe('migrationsUpToDate and migratePgliteDb', () => {
  it('a database never migrated (no table yet) is not up to date; one migrated is', async () => {
    expect(await migrationsUpToDate(rowsOf)).toBe(false);
    await migratePgliteDb(client);
    expect(await migrationsUpToDate(rowsOf)).toBe(true);
  }, 60_000);

  it('a migrated database is only checked: two reads, no transaction, no statement of drizzle’s', async () => {
    const query = vi.spyOn(client, 'query');
    const exec = vi.spyOn(client, 'exec');
    const transaction = vi.spyOn(client, 'transaction');
    try {
      await migratePgliteDb(client);
      expect(query).toHaveBeenCalledTimes(2);
      expect(exec).not.toHaveBeenCalled();
      expect(transaction).not.toHaveBeenCalled();
    } finally {
      vi.restoreAllMocks();
    }
  });

  it('a database whose newest recorded migration is older than the journal’s is not up to date', async () => {
    await client.query(
      'delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)',
    );
    expect(await migrationsUpToDate(rowsOf)).toBe(false);
  });
});
