import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from './deps';

/**
 * The rows of a raw SQL query (the aggregations and partition upkeep Drizzle's builder does not
 * express). Both drivers, PGlite and node-postgres, answer `{ rows }`.
 */
export async function sqlRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
