import { commentsApi } from '../../../shared/api/comments';
import type { CommentDecision } from '../../../shared/contracts/comments';
import { MESSAGES } from '../../../shared/messages';
import { notifyError, showConfirm, showNotify } from '../../components/ui/modal';
import { api } from '../../lib/api';

// The comment writes in the browser, each with its modal (SPEC §8: the server's message when it
// gives one, else the flow's own). Post pages load this module on first use (a focus on the form,
// a click), so their first load carries none of it; the /comments page imports it directly.
// The review writes resolve true when they went through (the caller reloads what it shows).

/**
 * POST /comment: 'Comment submitted!…' (or, on their own post, 'Comment posted!'). A failure is
 * thrown for the form's `send` to show (SPEC §8's MESSAGES.errorSavingComment when the server
 * gives no message).
 */
export async function submitComment(
  productId: string,
  text: string,
  replyTo: string | null,
): Promise<void> {
  const { comment } = await api.call(commentsApi.createComment, {
    body: { comment: { productId, text, ...(replyTo ? { replyTo } : {}) } },
  });
  void showNotify(
    comment.status === 'accepted' ? MESSAGES.commentPublished : MESSAGES.commentSubmitted,
  );
}

/** PATCH /comment/:id/status: approve ('Comment approved!…') or reject ('Comment removed!'). */
export async function decideComment(id: string, status: CommentDecision): Promise<boolean> {
  const approve = status === 'accepted';
  try {
    await api.call(commentsApi.setCommentStatus, { params: { commentId: id }, body: { status } });
    void showNotify(approve ? MESSAGES.commentApproved : MESSAGES.commentRemoved);
    return true;
  } catch (error) {
    void notifyError(
      error,
      approve ? MESSAGES.errorApprovingComment : MESSAGES.errorRejectingComment,
    );
    return false;
  }
}

/** DELETE /comment/:id, after the confirm "This action can't be undone!". */
export async function removeComment(id: string): Promise<boolean> {
  if (!(await showConfirm(MESSAGES.confirmIrreversible))) return false;
  try {
    await api.call(commentsApi.deleteComment, { params: { commentId: id } });
    void showNotify(MESSAGES.commentRemoved);
    return true;
  } catch (error) {
    void notifyError(error, MESSAGES.commentDeleteError);
    return false;
  }
}
