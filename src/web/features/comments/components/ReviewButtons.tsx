import type { CommentDecision } from '../../../../shared/contracts/comments';

/** Approve / Reject for a pending comment (the post's page, /comments, for owners and moderators). */
export function ReviewButtons({
  authorName,
  onDecide,
  approveClass = 'btn btn-secondary',
}: {
  authorName: string;
  onDecide: (status: CommentDecision) => void;
  approveClass?: string;
}) {
  return (
    <>
      <button
        type="button"
        className={approveClass}
        data-testid="comment-approve"
        onClick={() => onDecide('accepted')}
      >
        Approve<span className="sr-only"> the comment of {authorName}</span>
      </button>
      <button
        type="button"
        className="btn btn-secondary"
        data-testid="comment-reject"
        onClick={() => onDecide('rejected')}
      >
        Reject<span className="sr-only"> the comment of {authorName}</span>
      </button>
    </>
  );
}
