import { and, arrayContains, asc, desc, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  ProductList,
  productListQuery,
  managedListQuery,
} from '../../../shared/contracts/catalog';
import type { ProductSort } from '../../../shared/contracts/catalog-rules';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { products, tags, users } from '../../db/schema';
import type { DbOrTx, ModuleDeps } from '../core';
import { cachedCount } from './cache';
import { ownerColumns, toProduct, type ProductWithOwner } from './rows';

export type ListQuery = z.output<typeof productListQuery>;
export type ManagedListQuery = z.output<typeof managedListQuery>;
export type ListCounts = Pick<ProductList, 'recordsCount' | 'totalProducts'>;

/**
 * `desc` alone means NULLS FIRST, which a `DESC NULLS LAST` index (as drizzle-kit writes `.desc()`)
 * cannot serve: the planner would sort the whole list instead of reading the index in order. The
 * columns are NOT NULL, so only the index match changes.
 */
const descNullsLast = (column: AnyPgColumn) => sql`${column} desc nulls last`;

/**
 * Every order ends with the id, so rows with equal keys keep one order and pages never overlap or
 * skip. Each matches a btree of the schema (status or owner first), read forwards or backwards.
 */
const ORDERS: Record<ProductSort, SQL[]> = {
  newest: [descNullsLast(products.createdAt), descNullsLast(products.id)],
  price_asc: [asc(products.priceMinor), asc(products.id)],
  // The price index read backwards: `desc` is NULLS FIRST, the mirror of the index's ASC NULLS LAST.
  price_desc: [desc(products.priceMinor), desc(products.id)],
  most_liked: [descNullsLast(products.likesCount), descNullsLast(products.id)],
};

const { search: _search, ...productColumns } = getTableColumns(products);

/** Published, and its seller not suspended: what anyone but the owner and staff may see. */
export const isPublished = and(eq(products.status, 'published'), eq(products.sellerHidden, false))!;
export const hasTag = (tag: string) => arrayContains(products.tags, [tag]);
/** A title containing `q` (case-insensitive, LIKE wildcards taken literally; the trgm index serves it). */
export const titleContains = (q: string) =>
  sql`${products.title} ilike ${`%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`;

/**
 * One page of posts matching `where`, with their owners, in one statement. A deferred join: the
 * page's ids are picked first from the sort's index alone (an index-only scan, so OFFSET skips
 * index entries, not rows), and only those `limit` rows are then read and joined with their
 * owners — page 500 costs little more than page 1.
 */
export async function pageOfProducts(
  db: DbOrTx,
  where: SQL | undefined,
  opts: { page: number; limit: number; sort: ProductSort },
): Promise<ProductWithOwner[]> {
  const order = ORDERS[opts.sort];
  const page = db.$with('page').as(
    db
      .select({ pageId: products.id })
      .from(products)
      .where(where)
      .orderBy(...order)
      .limit(opts.limit)
      .offset((opts.page - 1) * opts.limit),
  );
  return db
    .with(page)
    .select({ ...productColumns, ...ownerColumns })
    .from(page)
    .innerJoin(products, eq(products.id, page.pageId))
    .innerJoin(users, eq(users.id, products.userId))
    .orderBy(...order);
}

/** `totalProducts` (rows of `base`) and `recordsCount` (rows of `base` also matching `filter`) in one scan. */
export async function countProducts(
  db: DbOrTx,
  base: SQL | undefined,
  filter: SQL | undefined,
): Promise<ListCounts> {
  const [row] = await db
    .select({
      totalProducts: sql<number>`count(*)::int`,
      recordsCount: filter
        ? sql<number>`(count(*) filter (where ${filter}))::int`
        : sql<number>`count(*)::int`,
    })
    .from(products)
    .where(base);
  return { totalProducts: row?.totalProducts ?? 0, recordsCount: row?.recordsCount ?? 0 };
}

/** Published posts in all: counted once per write, not per request (a scan of the index at 1M). */
const publishedCount = (deps: Pick<ModuleDeps, 'db' | 'env' | 'now'>) =>
  cachedCount(
    deps,
    'published',
    async () => (await countProducts(deps.db, isPublished, undefined)).totalProducts,
  );

/** Published posts with a tag: kept exact in `tags.published_count` by every post write. */
async function taggedCount(db: DbOrTx, tag: string): Promise<number> {
  const [row] = await db
    .select({ count: tags.publishedCount })
    .from(tags)
    .where(eq(tags.name, tag));
  return row?.count ?? 0;
}

/** The wire list from rows and counts. */
const listOf = (rows: ProductWithOwner[], counts: ListCounts): ProductList => ({
  products: rows.map(toProduct),
  ...counts,
});

/** Published posts of every seller (the marketplace), optionally with one tag. */
export async function publishedList(
  deps: Pick<ModuleDeps, 'db' | 'env' | 'now'>,
  query: ListQuery,
): Promise<ProductList> {
  const where = query.tag ? and(isPublished, hasTag(query.tag)) : isPublished;
  const [rows, totalProducts, tagged] = await Promise.all([
    pageOfProducts(deps.db, where, query),
    publishedCount(deps),
    query.tag ? taggedCount(deps.db, query.tag) : undefined,
  ]);
  return listOf(rows, { totalProducts, recordsCount: tagged ?? totalProducts });
}

/** Published posts of one seller (their page, their domain), optionally with one tag. */
export async function publishedListOf(
  deps: Pick<ModuleDeps, 'db' | 'env' | 'now'>,
  userId: string,
  query: ListQuery,
): Promise<ProductList> {
  const base = and(eq(products.userId, userId), isPublished);
  const filter = query.tag ? hasTag(query.tag) : undefined;
  const [rows, counts] = await Promise.all([
    pageOfProducts(deps.db, and(base, filter), query),
    countProducts(deps.db, base, filter),
  ]);
  return listOf(rows, counts);
}

/** The filters of a managed list (mine, admin): status, tag and title search. */
export const managedFilter = (query: Pick<ManagedListQuery, 'status' | 'tag' | 'q'>) =>
  and(
    query.status ? eq(products.status, query.status) : undefined,
    query.tag ? hasTag(query.tag) : undefined,
    query.q ? titleContains(query.q) : undefined,
  );

/** A managed list: every status under `base` (one owner, or everyone), filtered. Never cached. */
export async function managedList(
  db: DbOrTx,
  base: SQL | undefined,
  query: ManagedListQuery,
  countOnly = false,
): Promise<ProductList> {
  const filter = managedFilter(query);
  const [rows, counts] = await Promise.all([
    countOnly ? [] : pageOfProducts(db, and(base, filter), query),
    countProducts(db, base, filter),
  ]);
  return listOf(rows, counts);
}
