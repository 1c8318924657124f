import { inArray, sql, type SQL } from 'drizzle-orm';
import type { Product } from '../../../shared/contracts/catalog';
import { PRODUCT_LIMITS } from '../../../shared/contracts/catalog-rules';
import { products } from '../../db/schema';
import { inTransaction, type ModuleDeps } from '../core';
import { selectProductsWithOwner, toProduct } from './rows';

/** Candidates each half of the search ranks at most (bounds the work for very common words). */
const CANDIDATES = 200;
/**
 * How alike a query word and a title word must be (pg_trgm's word similarity, 0–1). The default
 * 0.6 misses ordinary typos ('lether' ~ 'leather' is 0.5, 'jaket' ~ 'jacket' 0.44); below 0.4
 * unrelated words start to match. Every query word must match, which keeps the precision.
 */
const WORD_SIMILARITY = 0.4;
const FUZZY_WORDS_MAX = 5;

/** The query's words for the typo-tolerant half: letters and digits, 3+ characters, at most 5. */
export function fuzzyWords(query: string): string[] {
  const words = query.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words.filter((w) => w.length >= 3))].slice(0, FUZZY_WORDS_MAX);
}

function fuzzyHits(words: string[]): SQL | null {
  if (words.length === 0) return null;
  const matches = sql.join(
    words.map((w) => sql`${w} <% ${products.title}`),
    sql` and `,
  );
  const score = sql.join(
    words.map((w) => sql`word_similarity(${w}, ${products.title})`),
    sql` + `,
  );
  return sql`(select ${products.id} as id, (${score}) / ${words.length} as score
      from ${products}
     where ${products.status} = 'published' and ${matches}
     order by score desc, id limit ${CANDIDATES})`;
}

/**
 * POST /products/search — published posts matching `query`, best first, from two index-backed
 * halves combined in one statement:
 *   - full text: `websearch_to_tsquery` (never a syntax error, whatever the user typed: quotes,
 *     `& | ! : ( '`, emoji) against the stored weighted vector (title A > tags B > description C,
 *     GIN index), ranked by `ts_rank`; every full-text hit ranks above every fuzzy one;
 *   - typo tolerant: each query word must be like a word of the title (pg_trgm's `<%`, GIN trgm
 *     index), ranked by the mean `word_similarity`, so 'lether jaket' still finds 'Leather jacket'.
 * Then the posts themselves with their owners in one more query. Same SQL on PGlite and PostgreSQL.
 */
export async function searchProducts(
  deps: Pick<ModuleDeps, 'db'>,
  input: { query: string; limit?: number },
): Promise<{ results: Product[] }> {
  const limit = input.limit ?? PRODUCT_LIMITS.pageSizeDefault;
  const tsq = sql`websearch_to_tsquery('english', ${input.query})`;
  const fullText = sql`(select ${products.id} as id, 1 + ts_rank(${products.search}, ${tsq}) as score
      from ${products}
     where ${products.status} = 'published' and ${products.search} @@ ${tsq}
     order by score desc, id limit ${CANDIDATES})`;
  const fuzzy = fuzzyHits(fuzzyWords(input.query));
  const hits = fuzzy ? sql`${fullText} union all ${fuzzy}` : fullText;
  const ids = await inTransaction(deps, async (tx) => {
    // The threshold of `<%` is a setting; LOCAL keeps it to this transaction.
    await tx.db.execute(sql.raw(`set local pg_trgm.word_similarity_threshold = ${WORD_SIMILARITY}`));
    const ranked = await tx.db
      .select({ id: sql<string>`hits.id` })
      .from(sql`(${hits}) hits`)
      .groupBy(sql`hits.id`)
      .orderBy(sql`max(hits.score) desc, hits.id`)
      .limit(limit);
    return ranked.map((r) => r.id);
  });
  if (ids.length === 0) return { results: [] };
  const rows = await selectProductsWithOwner(deps.db).where(inArray(products.id, ids));
  const order = new Map(ids.map((id, i) => [id, i]));
  rows.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
  return { results: rows.map(toProduct) };
}
