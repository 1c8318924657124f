import { and, eq } from 'drizzle-orm';
import { comments } from '../../db/schema';
import { announceChange, forbidden, inTransaction, type ModuleDeps } from '../core';
import { canReview, lockComment, type CommentActor } from './decide';

/**
 * DELETE /comment/:commentId: its author deletes their own comment; the post's owner and
 * moderators may delete any comment on it. A thread's first comment takes its replies with it.
 * When something visible to others went, the seller's cached pages are told.
 */
export async function deleteComment(
  deps: ModuleDeps,
  actor: CommentActor,
  id: string,
): Promise<{ _id: string }> {
  const me = actor.id.toLowerCase();
  const { row, shown } = await inTransaction(deps, async (tx) => {
    const current = await lockComment(tx.db, id);
    if (current.userId !== me && !canReview(actor, current)) {
      throw forbidden('You can only delete your own comments.', 'NOT_AUTHOR');
    }
    // Was anything of it public: the comment itself, or (for a thread) an approved reply?
    const [acceptedReply] = current.replyTo
      ? []
      : await tx.db
          .select({ id: comments.id })
          .from(comments)
          .where(and(eq(comments.replyTo, current.id), eq(comments.status, 'accepted')))
          .limit(1);
    await tx.db.delete(comments).where(eq(comments.id, current.id));
    return { row: current, shown: current.status === 'accepted' || acceptedReply !== undefined };
  });
  if (shown) announceChange(deps, { kind: 'user', userIds: [row.productOwnerId] });
  return { _id: row.id };
}
