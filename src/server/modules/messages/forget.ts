import { eq, inArray, or, sql } from 'drizzle-orm';
import { messageLikes, messages } from '../../db/schema';
import { deleteFilesLater, type DbOrTx, type ModuleDeps } from '../core';

// What deleting an account asks of the messages module, inside that transaction.

/**
 * The messages `userId` liked lose that like from their count (messages.likes_count), before the
 * like rows go with the account.
 */
export async function forgetMessageLikesBy(db: DbOrTx, userId: string): Promise<void> {
  const liked = db
    .select({ id: messageLikes.messageId })
    .from(messageLikes)
    .where(eq(messageLikes.userId, userId));
  await db
    .update(messages)
    .set({ likesCount: sql`greatest(${messages.likesCount} - 1, 0)` })
    .where(inArray(messages.id, liked));
}

/**
 * Deletes every message `userId` wrote or received privately (a conversation needs both people)
 * and queues their media files for deletion. Returns how many went.
 */
export async function deleteMessagesOf(
  tx: Pick<ModuleDeps, 'db' | 'now'>,
  userId: string,
): Promise<number> {
  const theirs = or(eq(messages.userId, userId), eq(messages.recipientId, userId));
  const gone = await tx.db.delete(messages).where(theirs).returning({ medias: messages.medias });
  await deleteFilesLater(
    tx,
    gone.flatMap((m) => m.medias.flatMap((media) => media.keys)),
  );
  return gone.length;
}
