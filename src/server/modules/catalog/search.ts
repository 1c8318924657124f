import { and, eq, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import type { Product } from '../../../shared/contracts/catalog';
import { PRODUCT_LIMITS } from '../../../shared/contracts/catalog-rules';
import { products } from '../../db/schema';
import type { DbOrTx, ModuleDeps } from '../core';
import { isPublished } from './list';
import { findListedSeller } from './read';
import { selectProductsWithOwner, toProduct } from './rows';

/**
 * Matches a query's ranking reads at most: the GIN index finds every match, but only this many are
 * read from the table and ranked, so a word in 60 000 posts costs about what a rare one does.
 */
const CANDIDATES = 500;
const FUZZY_WORDS_MAX = 5;
/** Spellings tried for each unknown query word (nearest first). */
const NEAR_WORDS = 3;

/** The query's words for typo correction: letters and digits, 3+ characters, at most 5. */
export function fuzzyWords(query: string): string[] {
  const words = query.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words.filter((w) => w.length >= 3 && w.length <= 40))].slice(
    0,
    FUZZY_WORDS_MAX,
  );
}

/** Published posts matching `tsq`, best `ts_rank` first (title A > tags B > description C). */
async function rankedIds(
  db: DbOrTx,
  tsq: SQL,
  exclude: string[],
  count: number,
  sellerId: string | null,
): Promise<string[]> {
  const candidates = db
    .select({ id: products.id, search: products.search })
    .from(products)
    .where(
      and(
        isPublished,
        sellerId ? eq(products.userId, sellerId) : undefined,
        sql`${products.search} @@ (${tsq})`,
        exclude.length ? notInArray(products.id, exclude) : undefined,
      ),
    )
    .limit(CANDIDATES)
    .as('c');
  const rows = await db
    .select({ id: candidates.id })
    .from(candidates)
    .orderBy(sql`ts_rank(${candidates.search}, (${tsq})) desc`, candidates.id)
    .limit(count);
  return rows.map((r) => r.id);
}

/**
 * For each query word, the nearest words of titles and tags (pg_trgm similarity on the small
 * `search_words` table, GIN trgm index); a word that is itself known maps to itself only.
 */
async function nearWords(db: DbOrTx, words: string[]): Promise<Map<string, string[]>> {
  const rows = await db.select({ word: sql<string>`q.w`, near: sql<string>`s.word` }).from(
    sql`unnest(array[${sql.join(
      words.map((w) => sql`${w}`),
      sql`, `,
    )}]::text[]) as q(w)
      cross join lateral (
        select word from search_words
         where word % q.w
         order by similarity(word, q.w) desc, word
         limit ${NEAR_WORDS}) s`,
  );
  const near = new Map<string, string[]>(words.map((w) => [w, []]));
  for (const row of rows) near.get(row.word)?.push(row.near);
  for (const [word, list] of near) if (list.includes(word)) near.set(word, [word]);
  return near;
}

/** Every query word, or one of its near spellings, must match: (w | n1 | n2) & (…). */
function correctedQuery(near: Map<string, string[]>): SQL {
  const groups = [...near].map(([word, list]) =>
    sql.join(
      [...new Set([word, ...list])].map((w) => sql`plainto_tsquery('english', ${w})`),
      sql` || `,
    ),
  );
  return sql.join(
    groups.map((g) => sql`(${g})`),
    sql` && `,
  );
}

/**
 * POST /products/search — published posts matching `query`, best first:
 *   1. full text: `websearch_to_tsquery` (never a syntax error, whatever the user typed: quotes,
 *      `or`, `-word`, `& | ! : ( '`, emoji) against the stored weighted vector (GIN index);
 *   2. when that leaves room, typo tolerance: each unknown query word is replaced by its nearest
 *      known words (so 'lether jaket' searches 'leather | …' and 'jacket | …'), ranked below every
 *      exact hit. Correcting words against the vocabulary, not the titles, keeps a misspelt common
 *      word as cheap as a correct one.
 * Then the posts with their owners in one query. The same SQL on PGlite and PostgreSQL. With
 * `username`, only that seller's posts (the typo step still corrects against every post's words).
 */
export async function searchProducts(
  deps: Pick<ModuleDeps, 'db'>,
  input: { query: string; limit?: number; username?: string },
): Promise<{ results: Product[] }> {
  const limit = input.limit ?? PRODUCT_LIMITS.pageSizeDefault;
  // A seller's page searches their posts only (an unknown or hidden seller: 404, as their list).
  const sellerId = input.username ? (await findListedSeller(deps, input.username)).id : null;
  const ids = await rankedIds(
    deps.db,
    sql`websearch_to_tsquery('english', ${input.query})`,
    [],
    limit,
    sellerId,
  );
  const words = fuzzyWords(input.query);
  if (ids.length < limit && words.length > 0) {
    const near = await nearWords(deps.db, words);
    const corrected = [...near].some(([word, list]) => list.some((w) => w !== word));
    if (corrected) {
      ids.push(
        ...(await rankedIds(deps.db, correctedQuery(near), ids, limit - ids.length, sellerId)),
      );
    }
  }
  if (ids.length === 0) return { results: [] };
  const rows = await selectProductsWithOwner(deps.db).where(inArray(products.id, ids));
  const order = new Map(ids.map((id, i) => [id, i]));
  rows.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
  return { results: rows.map(toProduct) };
}
