import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  FeaturedSellersResponse,
  featuredSellersQuery,
} from '../../../shared/contracts/featured';
import { imageOf } from '../../../shared/contracts/common';
import { follows, products, transactions, users } from '../../db/schema';
import type { ModuleDeps } from '../core';
import { cachedList } from './cache';
import { isPublished } from './list';

/** "Recent" sales: the last 30 days. */
export const RECENT_SALES_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * GET /sellers/featured (docs/decisions/036): sellers with at least one published, listed post,
 * whose account is active and activated (whose page anyone can open). Ordered by paid sales in the
 * last 30 days, then followers, then likes, then the newest post (a new seller with one post still
 * makes the list on a quiet marketplace), the id breaking ties.
 *
 * One statement: the sellers come from one grouped pass over the published posts (the
 * `(user_id, status, …)` index), their followers and recent sales from correlated counts each
 * served by an index (`follows_followee_idx`, `transactions_seller_created_idx`). The answer is
 * cached with the public lists (dropped on every catalogue write or profile change; follows and
 * sales age out within CATALOG_CACHE_MS).
 */
export function featuredSellers(
  deps: Pick<ModuleDeps, 'db' | 'env' | 'now'>,
  query: z.output<typeof featuredSellersQuery>,
): Promise<FeaturedSellersResponse> {
  return cachedList(deps, `featured-sellers:${query.limit}`, () => loadFeatured(deps, query.limit));
}

async function loadFeatured(
  deps: Pick<ModuleDeps, 'db' | 'now'>,
  limit: number,
): Promise<FeaturedSellersResponse> {
  const { db } = deps;
  const since = new Date(deps.now() - RECENT_SALES_MS).toISOString();
  const listed = db.$with('listed').as(
    db
      .select({
        sellerId: products.userId,
        postsCount: sql<number>`count(*)::int`.as('posts_count'),
        latestPost: sql<Date>`max(${products.createdAt})`.as('latest_post'),
      })
      .from(products)
      .where(isPublished)
      .groupBy(products.userId),
  );
  const followersCount = sql<number>`(select count(*)::int from ${follows} where ${follows.followeeId} = ${users.id})`;
  const recentSalesCount = sql<number>`(select count(*)::int from ${transactions} where ${transactions.sellerId} = ${users.id} and ${inArray(transactions.status, ['paid', 'shipped'])} and ${transactions.createdAt} >= ${since}::timestamptz)`;
  const rows = await db
    .with(listed)
    .select({
      id: users.id,
      username: users.username,
      name: users.name,
      bio: users.bio,
      imageThumbnail: users.imageThumbnail,
      imageFullsize: users.imageFullsize,
      likesCount: users.likesCount,
      postsCount: listed.postsCount,
      followersCount: followersCount.as('followers_count'),
      recentSalesCount: recentSalesCount.as('recent_sales_count'),
    })
    .from(listed)
    .innerJoin(users, eq(users.id, listed.sellerId))
    .where(and(eq(users.status, 'active'), isNotNull(users.activatedAt)))
    .orderBy(
      desc(sql`recent_sales_count`),
      desc(sql`followers_count`),
      desc(users.likesCount),
      desc(listed.latestPost),
      users.id,
    )
    .limit(limit);
  return {
    sellers: rows.map((r) => ({
      _id: r.id,
      username: r.username,
      name: r.name,
      bio: r.bio,
      image: imageOf(r.imageThumbnail, r.imageFullsize),
      postsCount: r.postsCount,
      followersCount: r.followersCount,
      likesCount: r.likesCount,
      recentSalesCount: r.recentSalesCount,
    })),
  };
}
