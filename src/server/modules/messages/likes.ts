import { and, desc, eq, sql } from 'drizzle-orm';
import { isUuid } from '../../../shared/contracts/common';
import type { MessageLike } from '../../../shared/contracts/messages';
import { messageLikes, messages, users } from '../../db/schema';
import {
  announceCountsChange,
  inTransaction,
  nowDate,
  toggleRow,
  type DbOrTx,
  type ModuleDeps,
} from '../core';
import { assertNotBlocked } from '../social';
import { isListedUser, isParty, messageNotFound, readMessage, toMessage, type MessageActor } from './rows';

/** How many liked ids GET /messages/favoriteIds answers at most (the newest likes first). */
export const LIKED_IDS_MAX = 1000;

/**
 * POST /messages/like: likes the message, or unlikes it when the member already does (a toggle).
 * The like row and the message's `likesCount` change in one transaction; the primary key of
 * message_likes makes a double like impossible, so parallel toggles never double-count. A public
 * message can be liked by any member (not blocked either way by its author); a private one only
 * by its two members — to anyone else it does not exist (404).
 */
export async function toggleMessageLike(
  deps: ModuleDeps,
  actor: MessageActor,
  id: string,
): Promise<MessageLike> {
  if (!isUuid(id)) throw messageNotFound();
  const userId = actor.id.toLowerCase();
  const result = await inTransaction(deps, async (tx) => {
    const [target] = await tx.db
      .select({
        id: messages.id,
        userId: messages.userId,
        recipientId: messages.recipientId,
        listed: sql<boolean>`${isListedUser()}`,
      })
      .from(messages)
      .innerJoin(users, eq(users.id, messages.userId))
      .where(eq(messages.id, id.toLowerCase()))
      .limit(1);
    if (!target) throw messageNotFound();
    if (target.recipientId) {
      if (!isParty(target, userId)) throw messageNotFound();
      const other = target.userId === userId ? target.recipientId : target.userId;
      await assertNotBlocked(tx.db, userId, other);
    } else {
      if (!target.listed && target.userId !== userId) throw messageNotFound();
      await assertNotBlocked(tx.db, userId, target.userId);
    }

    const delta = await toggleRow(
      () =>
        tx.db
          .insert(messageLikes)
          .values({ userId, messageId: target.id, createdAt: nowDate(tx) })
          .onConflictDoNothing()
          .returning({ messageId: messageLikes.messageId }),
      () =>
        tx.db
          .delete(messageLikes)
          .where(and(eq(messageLikes.userId, userId), eq(messageLikes.messageId, target.id)))
          .returning({ messageId: messageLikes.messageId }),
    );
    if (delta !== 0) await bumpLikes(tx.db, target.id, delta);
    const liked = delta > 0;
    const row = await readMessage(tx.db, target.id);
    if (!row) throw messageNotFound();
    return { row, liked };
  });
  // A public message's like count, on its author's page: a soft change.
  if (!result.row.message.recipientId)
    announceCountsChange(deps, 'user', [result.row.message.userId]);
  return { message: toMessage(result.row), liked: result.liked };
}

async function bumpLikes(db: DbOrTx, messageId: string, by: 1 | -1): Promise<void> {
  await db
    .update(messages)
    .set({ likesCount: sql`greatest(0, ${messages.likesCount} + ${by})` })
    .where(eq(messages.id, messageId));
}

/** GET /messages/favoriteIds: the ids of the messages the member likes, newest likes first. */
export async function likedMessageIds(
  deps: Pick<ModuleDeps, 'db'>,
  userId: string,
): Promise<{ likedMessageIds: string[] }> {
  const rows = await deps.db
    .select({ id: messageLikes.messageId })
    .from(messageLikes)
    .where(eq(messageLikes.userId, userId.toLowerCase()))
    .orderBy(desc(messageLikes.createdAt))
    .limit(LIKED_IDS_MAX);
  return { likedMessageIds: rows.map((r) => r.id) };
}
