import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The SQL migrations and drizzle-kit's journal of them (copied beside the compiled server). */
export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** One statement's rows: PGlite's `query` and node-postgres's both answer this way. */
export type RowsOf = (sql: string) => Promise<{ rows: unknown[] }>;

interface Journal {
  entries: { when: number }[];
}

/**
 * True when the database has recorded every migration of the journal, by drizzle's own rule: its
 * migrator applies each migration whose `when` is later than the newest `created_at` it recorded.
 * Two small queries and the journal, where drizzle's migrate() reads and hashes every SQL file,
 * creates its schema and table if missing and runs a transaction — on every restart, with nothing
 * to apply (docs/decisions/055). False sends the caller to drizzle's migrator, which decides for
 * itself: a database never migrated (no table yet) or one behind the journal.
 */
export async function migrationsUpToDate(rowsOf: RowsOf): Promise<boolean> {
  // Read at once (a few KB): on the thread pool, behind PGlite's own file reads at start, the
  // wait was up to 0.2 s.
  const journal = JSON.parse(
    readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8'),
  ) as Journal;
  const newest = Math.max(...journal.entries.map((entry) => entry.when));
  // to_regclass first: a missing table would be an error in the server's log at every first start.
  const [table] = (await rowsOf(
    "select to_regclass('drizzle.__drizzle_migrations') is not null as present",
  )).rows as { present: boolean }[];
  if (!table?.present) return false;
  const [last] = (await rowsOf(
    'select max(created_at)::text as at from drizzle.__drizzle_migrations',
  )).rows as { at: string | null }[];
  return last?.at != null && Number(last.at) >= newest;
}
