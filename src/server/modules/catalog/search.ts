import { inArray, sql } from 'drizzle-orm';
import type { Product } from '../../../shared/contracts/catalog';
import { PRODUCT_LIMITS } from '../../../shared/contracts/catalog-rules';
import { products } from '../../db/schema';
import type { ModuleDeps } from '../core';
import { selectProductsWithOwner, toProduct } from './rows';

/** Candidates each half of the search ranks at most (bounds the work for very common words). */
const CANDIDATES = 200;

/**
 * POST /products/search — published posts matching `query`, best first, from two index-backed
 * halves combined in one statement:
 *   - full text: `websearch_to_tsquery` (never a syntax error, whatever the user typed: quotes,
 *     `& | ! : ( '`, emoji) against the stored weighted vector (title A > tags B > description C,
 *     GIN index), ranked by `ts_rank`; every full-text hit ranks above every fuzzy one;
 *   - typo tolerant: pg_trgm's `<%` (a word of the title similar to the query, GIN trgm index),
 *     ranked by `word_similarity`, so 'lether jaket' still finds 'Leather jacket'.
 * Then the posts themselves with their owners in one more query. Same SQL on PGlite and PostgreSQL.
 */
export async function searchProducts(
  deps: Pick<ModuleDeps, 'db'>,
  input: { query: string; limit?: number },
): Promise<{ results: Product[] }> {
  const limit = input.limit ?? PRODUCT_LIMITS.pageSizeDefault;
  const q = input.query;
  const tsq = sql`websearch_to_tsquery('english', ${q})`;
  const hits = sql`
      (select ${products.id} as id, 1 + ts_rank(${products.search}, ${tsq}) as score
         from ${products}
        where ${products.status} = 'published' and ${products.search} @@ ${tsq}
        order by score desc, id limit ${CANDIDATES})
      union all
      (select ${products.id} as id, word_similarity(${q}, ${products.title}) as score
         from ${products}
        where ${products.status} = 'published' and ${q} <% ${products.title}
        order by score desc, id limit ${CANDIDATES})`;
  const ranked = await deps.db
    .select({ id: sql<string>`hits.id`, score: sql<number>`max(hits.score)` })
    .from(sql`(${hits}) hits`)
    .groupBy(sql`hits.id`)
    .orderBy(sql`max(hits.score) desc, hits.id`)
    .limit(limit);
  const ids = ranked.map((r) => r.id);
  if (ids.length === 0) return { results: [] };
  const rows = await selectProductsWithOwner(deps.db).where(inArray(products.id, ids));
  const order = new Map(ids.map((id, i) => [id, i]));
  rows.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
  return { results: rows.map(toProduct) };
}
