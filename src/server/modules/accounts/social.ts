import { and, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { PublicProfile } from '../../../shared/contracts/accounts';
import { isUuid } from '../../../shared/contracts/common';
import { follows, users, type UserRow } from '../../db/schema';
import type { DbOrTx } from '../core';
import { toPublicMember } from './users-repo';

// What the social module needs of accounts: who can be liked and followed, the like count on the
// user row (kept in the same transaction as the like), and the follower/following counts every
// public view of a member carries.

/** A member others can see, like and follow: activated and not suspended. */
export const isPublicUser = and(eq(users.status, 'active'), isNotNull(users.activatedAt))!;

/** Members following `userId` (the follows_followee index). */
export const followersCountOf = (userId: AnyPgColumn | string): SQL<number> =>
  sql<number>`(select count(*)::int from ${follows} where ${follows.followeeId} = ${userId})`;
/** Members `userId` follows (the follows primary key, follower first). */
export const followingCountOf = (userId: AnyPgColumn | string): SQL<number> =>
  sql<number>`(select count(*)::int from ${follows} where ${follows.followerId} = ${userId})`;

/** The columns a public profile with its counts is built from (`toProfileWithCounts`). */
export const profileColumns = {
  user: users,
  followersCount: followersCountOf(users.id),
  followingCount: followingCountOf(users.id),
};

export interface ProfileRow {
  user: UserRow;
  followersCount: number;
  followingCount: number;
}

/** A public profile with its follower and following counts. */
export function toProfileWithCounts(row: ProfileRow) {
  return {
    ...toPublicMember(row.user),
    followersCount: Number(row.followersCount),
    followingCount: Number(row.followingCount),
  } satisfies PublicProfile;
}

/** Public member `id` with counts, or undefined (unknown, malformed, suspended, not activated). */
export async function findPublicProfile(db: DbOrTx, id: string) {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select(profileColumns)
    .from(users)
    .where(and(eq(users.id, id), isPublicUser))
    .limit(1);
  return row ? toProfileWithCounts(row) : undefined;
}

/** Whether member `id` is public, for a like or a follow (`FOR KEY SHARE`: it cannot vanish meanwhile). */
export async function isPublicUserId(db: DbOrTx, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, id), isPublicUser))
    .limit(1)
    .for('key share');
  return row !== undefined;
}

/**
 * Moves member `userId`'s like count by `delta` (the like rows actually inserted or deleted), in
 * the caller's transaction, and answers their public profile with the new count.
 */
export async function adjustUserLikes(
  db: DbOrTx,
  userId: string,
  delta: number,
): Promise<PublicProfile | undefined> {
  const [row] =
    delta !== 0
      ? await db
          .update(users)
          .set({ likesCount: sql`${users.likesCount} + ${delta}` })
          .where(eq(users.id, userId))
          .returning()
      : await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return row ? toPublicMember(row) : undefined;
}
