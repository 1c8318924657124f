import { and, desc, eq, sql } from 'drizzle-orm';
import type {
  FollowResponse,
  FollowState,
  FollowingPosts,
  SocialUser,
  SocialUsers,
} from '../../../shared/contracts/social';
import { isUuid } from '../../../shared/contracts/common';
import { blocks, follows, products, userLikes, users } from '../../db/schema';
import {
  followersCountOf,
  followingCountOf,
  isPublicUser,
  isPublicUserId,
  profileColumns,
  toProfileWithCounts,
} from '../accounts';
import { isListedProduct, productWithOwnerColumns, toProduct } from '../catalog';
import { announceCountsChange, inTransaction, nowDate, type ModuleDeps } from '../core';
import { notify } from '../notifications';
import { assertNotBlocked, notBlockedFor } from './blocks';
import { sameId, selfAction, userNotFound } from './errors';
import { countAll, offsetOf, pageAndCount, type PageQuery } from './pages';

/**
 * POST /users/follow: `followerId` follows member `followeeId`, or stops (a toggle). A new follow
 * records a "new follower" notification in the same transaction. Only public members can be
 * followed (404); not oneself (400); not when either has blocked the other (403). The answer
 * carries the member's follower count after the change.
 */
export async function toggleFollow(
  deps: ModuleDeps,
  followerId: string,
  followeeId: string,
): Promise<FollowResponse> {
  if (sameId(followerId, followeeId)) throw selfAction('follow');
  const done = await inTransaction(deps, async (tx) => {
    if (!(await isPublicUserId(tx.db, followeeId))) throw userNotFound();
    await assertNotBlocked(tx.db, followerId, followeeId);
    const inserted = await tx.db
      .insert(follows)
      .values({ followerId, followeeId, createdAt: nowDate(tx) })
      .onConflictDoNothing()
      .returning({ followeeId: follows.followeeId });
    let following = inserted.length > 0;
    if (following) {
      await notify(tx, { userId: followeeId, kind: 'new_follower', actorId: followerId });
    } else {
      await tx.db
        .delete(follows)
        .where(and(eq(follows.followerId, followerId), eq(follows.followeeId, followeeId)));
      following = false;
    }
    const [counted] = await tx.db
      .select({ followersCount: followersCountOf(users.id) })
      .from(users)
      .where(eq(users.id, followeeId));
    return { following, followersCount: Number(counted?.followersCount ?? 0) };
  });
  // Both pages show these counts (the followee's followers, the follower's following): soft.
  announceCountsChange(deps, 'user', [followeeId, followerId]);
  return done;
}

/**
 * GET /users/follow-state/:id: whether `viewerId` (null: signed out) follows the member, whether
 * they follow the viewer, the member's counts, whether the viewer likes them and has blocked them
 * — one statement. Unknown, malformed and non-public members are 404.
 */
export async function getFollowState(
  deps: Pick<ModuleDeps, 'db'>,
  viewerId: string | null,
  id: string,
): Promise<FollowState> {
  if (!isUuid(id)) throw userNotFound();
  const viewer = viewerId ?? null;
  const [row] = await deps.db
    .select({
      followersCount: followersCountOf(users.id),
      followingCount: followingCountOf(users.id),
      following: viewer
        ? sql<boolean>`exists (select 1 from ${follows} where ${follows.followerId} = ${viewer} and ${follows.followeeId} = ${users.id})`
        : sql<boolean>`false`,
      followedBy: viewer
        ? sql<boolean>`exists (select 1 from ${follows} where ${follows.followerId} = ${users.id} and ${follows.followeeId} = ${viewer})`
        : sql<boolean>`false`,
      liked: viewer
        ? sql<boolean>`exists (select 1 from ${userLikes} where ${userLikes.userId} = ${viewer} and ${userLikes.likedUserId} = ${users.id})`
        : sql<boolean>`false`,
      blocked: viewer
        ? sql<boolean>`exists (select 1 from ${blocks} where ${blocks.blockerId} = ${viewer} and ${blocks.blockedId} = ${users.id})`
        : sql<boolean>`false`,
    })
    .from(users)
    .where(and(eq(users.id, id), isPublicUser))
    .limit(1);
  if (!row) throw userNotFound();
  return {
    following: Boolean(row.following),
    followedBy: Boolean(row.followedBy),
    followersCount: Number(row.followersCount),
    followingCount: Number(row.followingCount),
    liked: Boolean(row.liked),
    blocked: Boolean(row.blocked),
  };
}

/** Public members `followerId` follows, newest follow first (`id`: only that one). */
const followedWhere = (followerId: string, id?: string) =>
  and(
    eq(follows.followerId, followerId),
    id ? eq(follows.followeeId, id) : undefined,
    isPublicUser,
  );

/** GET /users/following: the public members I follow, newest follow first, with their counts. */
export async function listFollowing(
  deps: Pick<ModuleDeps, 'db'>,
  followerId: string,
  query: PageQuery,
): Promise<SocialUsers> {
  const where = followedWhere(followerId);
  const { rows, recordsCount } = await pageAndCount(
    deps.db
      .select(profileColumns)
      .from(follows)
      .innerJoin(users, eq(users.id, follows.followeeId))
      .where(where)
      .orderBy(desc(follows.createdAt), desc(follows.followeeId))
      .limit(query.limit)
      .offset(offsetOf(query)),
    deps.db
      .select({ count: countAll })
      .from(follows)
      .innerJoin(users, eq(users.id, follows.followeeId))
      .where(where),
  );
  return { users: rows.map(toProfileWithCounts), recordsCount };
}

/** GET /users/following?id=: member `id` if I follow them (and they are public), else 404. */
export async function getFollowed(
  deps: Pick<ModuleDeps, 'db'>,
  followerId: string,
  id: string,
): Promise<SocialUser> {
  const [row] = await deps.db
    .select(profileColumns)
    .from(follows)
    .innerJoin(users, eq(users.id, follows.followeeId))
    .where(followedWhere(followerId, id))
    .limit(1);
  if (!row) throw userNotFound();
  return toProfileWithCounts(row);
}

/**
 * GET /products/following: the feed — listed posts of the members I follow, newest first, each
 * with its seller, in one statement (follows joined with products on the seller's listed-post
 * index; no query per member), plus one count. Members blocked either way are left out.
 */
export async function listFollowingPosts(
  deps: Pick<ModuleDeps, 'db'>,
  followerId: string,
  query: PageQuery,
): Promise<FollowingPosts> {
  const where = and(
    eq(follows.followerId, followerId),
    isListedProduct,
    notBlockedFor(followerId, products.userId),
  );
  const { rows, recordsCount } = await pageAndCount(
    deps.db
      .select(productWithOwnerColumns)
      .from(follows)
      .innerJoin(products, eq(products.userId, follows.followeeId))
      .innerJoin(users, eq(users.id, products.userId))
      .where(where)
      .orderBy(sql`${products.createdAt} desc nulls last`, sql`${products.id} desc nulls last`)
      .limit(query.limit)
      .offset(offsetOf(query)),
    deps.db
      .select({ count: countAll })
      .from(follows)
      .innerJoin(products, eq(products.userId, follows.followeeId))
      .where(where),
  );
  return { posts: rows.map(toProduct), recordsCount, totalProducts: recordsCount };
}
