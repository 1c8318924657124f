import { and, eq, inArray } from 'drizzle-orm';
import type { PageState } from '../../../shared/contracts/social';
import { blocks, follows, productLikes, userLikes } from '../../db/schema';
import { getMe } from '../accounts';
import type { ModuleDeps } from '../core';

/**
 * GET /me/page-state: what is personal on a shared page (docs/decisions/045) for `userId` only —
 * who they are (GET /users/me's answer) and which of `ids` (the posts and members the page shows)
 * they like (and ring the bell of), follow or have blocked. One statement per kind, each an index range of the caller's
 * own rows (every primary key starts with the member), run side by side; ids that are nobody's
 * simply match nothing. The caller's open offers on those posts belong to the offers module, which
 * the HTTP handler asks beside this (offers already depend on social).
 */
export async function getPageState(
  deps: ModuleDeps,
  userId: string,
  ids: readonly string[],
): Promise<Omit<PageState, 'offers'>> {
  const { db } = deps;
  const list = [...ids];
  const [me, likedPosts, likedUsers, followed, blocked] = await Promise.all([
    getMe(deps, userId),
    db
      .select({ id: productLikes.productId, alert: productLikes.alert })
      .from(productLikes)
      .where(and(eq(productLikes.userId, userId), inArray(productLikes.productId, list))),
    db
      .select({ id: userLikes.likedUserId })
      .from(userLikes)
      .where(and(eq(userLikes.userId, userId), inArray(userLikes.likedUserId, list))),
    db
      .select({ id: follows.followeeId })
      .from(follows)
      .where(and(eq(follows.followerId, userId), inArray(follows.followeeId, list))),
    db
      .select({ id: blocks.blockedId })
      .from(blocks)
      .where(and(eq(blocks.blockerId, userId), inArray(blocks.blockedId, list))),
  ]);
  const idsOf = (rows: { id: string }[]) => rows.map((r) => r.id);
  return {
    ...me,
    likedPostIds: idsOf(likedPosts),
    alertPostIds: idsOf(likedPosts.filter((r) => r.alert)),
    likedUserIds: idsOf(likedUsers),
    followedUserIds: idsOf(followed),
    blockedUserIds: idsOf(blocked),
  };
}
