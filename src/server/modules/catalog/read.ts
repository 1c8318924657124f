import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  Product,
  ProductList,
  adminProductsQuery,
  myProductsQuery,
} from '../../../shared/contracts/catalog';
import { imageOf } from '../../../shared/contracts/common';
import { normalizeDomainName } from '../../../shared/contracts/site-rules';
import { products, sites, users, type UserRow } from '../../db/schema';
import { forbidden, notFound, type ModuleDeps } from '../core';
import { cachedList } from './cache';
import { countProducts, managedList, publishedList, publishedListOf, type ListQuery } from './list';
import { canManage, productNotFound, readProductWithOwner, type Actor } from './ownership';
import { toProduct } from './rows';
import { planAllowsSql } from '../entitlements';

type ReadDeps = Pick<ModuleDeps, 'db' | 'env' | 'now'>;

/** The cache key of a list query: every field that changes the answer, in a fixed order. */
const keyOf = (query: ListQuery) => `${query.sort}:${query.page}:${query.limit}:${query.tag ?? ''}`;

/** GET /products/:id — published posts for everyone; any status for the owner and admins. */
export async function getProduct(
  deps: ReadDeps,
  viewer: Actor | null,
  id: string,
): Promise<Product> {
  const row = await readProductWithOwner(deps.db, id);
  const listed = row.status === 'published' && !row.sellerHidden;
  if (!listed && !(viewer && canManage(viewer, row.userId))) {
    throw productNotFound();
  }
  return toProduct(row);
}

/** GET /products — the marketplace: published posts, cached until the next catalogue write. */
export function listProducts(deps: ReadDeps, query: ListQuery): Promise<ProductList> {
  return cachedList(deps, `all:${keyOf(query)}`, () => publishedList(deps, query));
}

/** GET /products/tags/:tag — published posts carrying `tag` (an unknown tag is an empty list). */
export function listProductsByTag(
  deps: ReadDeps,
  tag: string,
  query: ListQuery,
): Promise<ProductList> {
  // The whole answer is the cached object (tagName included), so its prepared bytes are reused.
  return cachedList(deps, `tag:${keyOf({ ...query, tag })}`, async () => ({
    ...(await publishedList(deps, { ...query, tag })),
    tagName: tag,
  }));
}

export const SELLER_NOT_FOUND = 'This seller could not be found. Check the name in the address.';

/** Whose posts a public page may show: an active account that has been activated. */
const isListedSeller = and(eq(users.status, 'active'), isNotNull(users.activatedAt));

const sellerOf = (
  user: Pick<UserRow, 'id' | 'username' | 'name' | 'imageThumbnail' | 'imageFullsize' | 'bio'>,
) => ({
  _id: user.id,
  username: user.username,
  name: user.name,
  image: imageOf(user.imageThumbnail, user.imageFullsize),
  bio: user.bio,
});

const sellerColumns = {
  id: users.id,
  username: users.username,
  name: users.name,
  imageThumbnail: users.imageThumbnail,
  imageFullsize: users.imageFullsize,
  bio: users.bio,
};

async function sellerList(
  deps: ReadDeps,
  seller: Parameters<typeof sellerOf>[0],
  query: ListQuery,
) {
  const list = await cachedList(deps, `user:${seller.id}:${keyOf(query)}`, () =>
    publishedListOf(deps, seller.id, query),
  );
  return { ...list, user: sellerOf(seller) };
}

/**
 * The seller whose public posts a page lists or searches, by username in any case: an unknown,
 * suspended or not yet activated account is a 404. Read fresh every time (a suspension shows at
 * once); only the posts are cached.
 */
export async function findListedSeller(deps: Pick<ModuleDeps, 'db'>, username: string) {
  const [seller] = await deps.db
    .select(sellerColumns)
    .from(users)
    .where(and(sql`lower(${users.username}) = ${username.toLowerCase()}`, isListedSeller))
    .limit(1);
  if (!seller) throw notFound(SELLER_NOT_FOUND, 'USER_NOT_FOUND');
  return seller;
}

/** GET /products/user/:username — a seller's published posts and the seller (unknown → 404). */
export async function listProductsByUser(
  deps: ReadDeps,
  username: string,
  query: ListQuery,
): Promise<ProductList> {
  return sellerList(deps, await findListedSeller(deps, username), query);
}

/**
 * GET /products/domain/:domain — the posts of the seller whose site has verified the domain (as
 * typed: it is normalised the way sites store it). Unknown, unverified and malformed domains, and
 * sellers who are not public, give the empty list.
 */
export async function listProductsByDomain(
  deps: ReadDeps,
  domain: string,
  query: ListQuery,
): Promise<ProductList> {
  const normalised = normalizeDomainName(domain);
  const [seller] =
    'domain' in normalised
      ? await deps.db
          .select(sellerColumns)
          .from(sites)
          .innerJoin(users, eq(users.id, sites.userId))
          .where(
            and(
              eq(sites.domainName, normalised.domain),
              isNotNull(sites.domainVerifiedAt),
              isListedSeller,
              planAllowsSql(deps.now(), (limits) => limits.customDomain),
            ),
          )
          .limit(1)
      : [];
  if (!seller) return { products: [], recordsCount: 0, totalProducts: 0 };
  return sellerList(deps, seller, query);
}

export type MyProductsQuery = z.output<typeof myProductsQuery>;

/**
 * GET /products/mine — my posts in every status (filters: status, tag, title), one of them
 * (`id`: mine or, for an admin, anyone's; else 404/403), or only the counts (`countOnly`).
 */
export async function listMyProducts(
  deps: ReadDeps,
  actor: Actor,
  query: MyProductsQuery,
): Promise<ProductList> {
  const mine = eq(products.userId, actor.id);
  if (query.id) {
    const row = await readProductWithOwner(deps.db, query.id);
    if (!canManage(actor, row.userId))
      throw forbidden('You can only see your own drafts.', 'NOT_OWNER');
    const { totalProducts } = await countProducts(deps.db, mine, undefined);
    return { products: [toProduct(row)], recordsCount: 1, totalProducts };
  }
  return managedList(deps.db, mine, query, query.countOnly ?? false);
}

export type AdminProductsQuery = z.output<typeof adminProductsQuery>;

/** GET /admin/products — every post in every status; filters: seller, status, tag, title. */
export function listAdminProducts(deps: ReadDeps, query: AdminProductsQuery): Promise<ProductList> {
  return managedList(deps.db, query.userId ? eq(products.userId, query.userId) : undefined, query);
}
