import { eq } from 'drizzle-orm';
import { isModeratorRole, type Role } from '../../../shared/contracts/account-rules';
import { isUuid } from '../../../shared/contracts/common';
import type { CommentStatus } from '../../../shared/contracts/social-rules';
import type { Comment } from '../../../shared/contracts/comments';
import { comments, products, type CommentRow } from '../../db/schema';
import {
  announceChange,
  announceCountsChange,
  conflict,
  forbidden,
  inTransaction,
  notFound,
  nowDate,
  type DbOrTx,
  type ModuleDeps,
} from '../core';
import { notify } from '../notifications';
import { readComment } from './rows';

export interface CommentActor {
  id: string;
  role: Role;
}

export const commentNotFound = () =>
  notFound('This comment could not be found. It may have been removed.', 'COMMENT_NOT_FOUND');

const ALREADY: Record<CommentStatus, string> = {
  pending: 'This comment is already waiting for review.',
  accepted: 'This comment is already approved.',
  rejected: 'This comment is already removed.',
};

/** The comment `id`, locked for the rest of the transaction; unknown → 404. */
export async function lockComment(db: DbOrTx, id: string): Promise<CommentRow> {
  if (!isUuid(id)) throw commentNotFound();
  const [row] = await db.select().from(comments).where(eq(comments.id, id)).for('update');
  if (!row) throw commentNotFound();
  return row;
}

/**
 * The seller's pages show the post's accepted comments and their count. One more approved comment
 * is a soft change (the page may show it a few seconds late); a rejected one is hidden by a
 * decision and must go at once: a hard change.
 */
export function announceCommentDecision(
  deps: ModuleDeps,
  row: Pick<CommentRow, 'status' | 'productOwnerId'>,
): void {
  if (row.status === 'accepted') announceCountsChange(deps, 'user', [row.productOwnerId]);
  else announceChange(deps, { kind: 'user', userIds: [row.productOwnerId] });
}

/** The post's owner reviews the comments on it; moderators and admins review every comment. */
export const canReview = (actor: CommentActor, row: Pick<CommentRow, 'productOwnerId'>) =>
  actor.id.toLowerCase() === row.productOwnerId || isModeratorRole(actor.role);

/**
 * PATCH /comment/{commentId}/status: approve (`accepted`) or reject (`rejected`) a comment. Who
 * decided and when is kept on the comment. An approved reply tells the parent's author (their
 * setting permitting). Setting the status it already has is refused (409) and changes nothing.
 */
export async function setCommentStatus(
  deps: ModuleDeps,
  actor: CommentActor,
  id: string,
  status: Exclude<CommentStatus, 'pending'>,
): Promise<CommentRow> {
  const row = await inTransaction(deps, async (tx) => {
    const current = await lockComment(tx.db, id);
    if (!canReview(actor, current)) {
      throw forbidden(
        'Only the owner of the post or a moderator can review this comment.',
        'NOT_OWNER',
      );
    }
    if (current.status === status) throw conflict(ALREADY[status], 'ALREADY_DECIDED');
    const [updated] = await tx.db
      .update(comments)
      .set({ status, decidedBy: actor.id, decidedAt: nowDate(tx), updatedAt: nowDate(tx) })
      .where(eq(comments.id, current.id))
      .returning();
    if (status === 'accepted' && current.replyTo) {
      const [parent] = await tx.db
        .select({ userId: comments.userId, title: products.title })
        .from(comments)
        .innerJoin(products, eq(products.id, comments.productId))
        .where(eq(comments.id, current.replyTo));
      if (parent) {
        await notify(tx, {
          userId: parent.userId,
          kind: 'comment_reply',
          actorId: current.userId,
          data: {
            productId: current.productId,
            title: parent.title,
            commentId: current.id,
            excerpt: current.text.slice(0, 140),
          },
        });
      }
    }
    return updated!;
  });
  announceCommentDecision(deps, row);
  return row;
}

/** PATCH /comment/:commentId/status: `setCommentStatus`, answered with the comment and its author. */
export async function reviewComment(
  deps: ModuleDeps,
  actor: CommentActor,
  id: string,
  status: Exclude<CommentStatus, 'pending'>,
): Promise<Comment> {
  const row = await setCommentStatus(deps, actor, id, status);
  const comment = await readComment(deps.db, row.id);
  // Deleted between the two reads (its post or author went): as gone as an unknown id.
  if (!comment) throw commentNotFound();
  return comment;
}
