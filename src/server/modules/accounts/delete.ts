import { eq, inArray, sql } from 'drizzle-orm';
import { sites, userLikes, users, type UserRow } from '../../db/schema';
import { deleteFilesLater, type DbOrTx, type ModuleDeps } from '../core';
import {
  assertKeepsActiveSuperAdmin,
  assertMayActOn,
  lockStaffChanges,
  lockUser,
  type StaffActor,
} from './staff';

/**
 * The first step of deleting an account, inside the caller's transaction: the account is locked
 * and the rules checked (admins delete; only a super admin deletes an admin; never oneself; never
 * the last active super admin). The caller then has the other modules let go of the member's
 * data and calls deleteAccount.
 */
export async function lockAccountForDeletion(
  tx: Pick<ModuleDeps, 'db'>,
  actor: StaffActor,
  id: string,
): Promise<UserRow> {
  await lockStaffChanges(tx.db);
  const target = await lockUser(tx.db, id);
  assertMayActOn(actor, target, 'delete');
  await assertKeepsActiveSuperAdmin(tx.db, target);
  return target;
}

/**
 * The members `userId` liked lose that like from their count (users.likes_count), in the caller's
 * transaction, before the like rows go with the account (ON DELETE CASCADE).
 */
export async function forgetUserLikesBy(db: DbOrTx, userId: string): Promise<void> {
  const liked = db
    .select({ id: userLikes.likedUserId })
    .from(userLikes)
    .where(eq(userLikes.userId, userId));
  await db
    .update(users)
    .set({ likesCount: sql`greatest(${users.likesCount} - 1, 0)` })
    .where(inArray(users.id, liked));
}

/**
 * Deletes the account row (its site, sessions, tokens, likes, follows, blocks, comments, messages
 * and notifications go with it through ON DELETE CASCADE; reports and moderation records keep
 * with the person set to null) and queues the deletion of its avatar's and site logo's files, in
 * the caller's transaction.
 */
export async function deleteAccount(tx: Pick<ModuleDeps, 'db' | 'now'>, target: UserRow) {
  const [site] = await tx.db
    .select({ imageKeys: sites.imageKeys })
    .from(sites)
    .where(eq(sites.userId, target.id));
  await tx.db.delete(users).where(eq(users.id, target.id));
  await deleteFilesLater(tx, [...target.imageKeys, ...(site?.imageKeys ?? [])]);
}
