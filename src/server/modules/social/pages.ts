import { sql } from 'drizzle-orm';

/** A page of a list: 1-based `page`, `limit` rows (the contracts bound both). */
export interface PageQuery {
  page: number;
  limit: number;
}

export const offsetOf = (q: PageQuery) => (q.page - 1) * q.limit;

/** `count(*)` as a number, for the `recordsCount` of a list. */
export const countAll = sql<number>`count(*)::int`;

/** Runs a page query and its count together: the rows and `recordsCount`. */
export async function pageAndCount<Row>(
  rows: PromiseLike<Row[]>,
  count: PromiseLike<{ count: number }[]>,
): Promise<{ rows: Row[]; recordsCount: number }> {
  const [list, counted] = await Promise.all([rows, count]);
  return { rows: list, recordsCount: Number(counted[0]?.count ?? 0) };
}
