import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { CommentStatus } from '../../../../shared/contracts/social-rules';
import { formatDay } from '../../../../shared/format';
import type { CommentWithPost } from '../../../../shared/contracts/comments';
import { Avatar } from '../../../components/ui/Avatar';
import { decideComment, removeComment } from '../actions';
import type { CommentListState } from '../api/comments-api';
import { ReviewButtons } from './ReviewButtons';

// The lists of /comments: my comments (any status, with delete) and the comments waiting for my
// review (approve / reject). Each write shows its modal and then the page reads its lists again.

const STATUS_LABEL: Record<CommentStatus, string> = {
  pending: 'Waiting for review',
  accepted: 'Approved',
  rejected: 'Removed',
};
const STATUS_CLASS: Record<CommentStatus, string> = {
  pending: 'bg-amber-100 text-amber-950',
  accepted: 'bg-green-100 text-green-900',
  rejected: 'bg-gray-200 text-gray-900',
};

/** Where a comment's post lives: its page, scrolled to the comments. */
export const postHref = (c: CommentWithPost) =>
  `/products/${encodeURIComponent(c.product._id)}#comments`;

function CommentCard({
  comment: c,
  showAuthor,
  children,
}: {
  comment: CommentWithPost;
  showAuthor: boolean;
  children: ReactNode;
}) {
  return (
    <li className="card" data-testid="comment-card" data-status={c.status}>
      <div className="flex flex-wrap items-center gap-2 text-sm text-gray-700">
        {showAuthor && (
          <>
            <Avatar name={c.user.name} src={c.user.image?.thumbnail} size="sm" />
            <span>
              <strong className="text-gray-900"><bdi>{c.user.name}</bdi></strong> @{c.user.username} on
            </span>
          </>
        )}
        <Link to={postHref(c)} className="link">
          {c.product.title || 'Untitled post'}
        </Link>
        <span aria-hidden="true">·</span>
        <time dateTime={c.createdAt}>{formatDay(c.createdAt)}</time>
        <span
          className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_CLASS[c.status]}`}
          data-testid="comment-status"
        >
          {STATUS_LABEL[c.status]}
        </span>
        {c.replyTo && <span>(a reply)</span>}
      </div>
      <p className="mt-2 whitespace-pre-line break-words text-gray-900" data-testid="comment-text">
        {c.text}
      </p>
      <div className="mt-3 flex flex-wrap gap-2">{children}</div>
    </li>
  );
}

function ListShell({
  list,
  label,
  empty,
  children,
}: {
  list: CommentListState;
  label: string;
  empty: ReactNode;
  children: ReactNode;
}) {
  if (list.error)
    return (
      <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-4 text-red-900">
        {list.error}
      </p>
    );
  if (list.comments.length === 0) return <div className="list-empty">{empty}</div>;
  return (
    <ul aria-label={label} className="grid gap-4">
      {children}
    </ul>
  );
}

/** My comments, newest first, each with its status and a delete. */
export function MyCommentList({
  list,
  onChanged,
}: {
  list: CommentListState;
  onChanged: () => void;
}) {
  return (
    <ListShell
      list={list}
      label="My comments"
      empty={
        <p>
          You have not commented yet. Open a post on the{' '}
          <Link to="/marketplace" className="link">
            marketplace
          </Link>{' '}
          and ask the seller a question — your comments and their review status show up here.
        </p>
      }
    >
      {list.comments.map((c) => (
        <CommentCard key={c._id} comment={c} showAuthor={false}>
          <button
            type="button"
            className="btn btn-secondary"
            data-testid="comment-delete"
            onClick={async () => {
              if (await removeComment(c._id)) onChanged();
            }}
          >
            Delete<span className="sr-only"> this comment</span>
          </button>
        </CommentCard>
      ))}
    </ListShell>
  );
}

/** Comments waiting for review, oldest first, with Approve and Reject. */
export function ReviewList({
  list,
  empty,
  onChanged,
}: {
  list: CommentListState;
  empty: ReactNode;
  onChanged: () => void;
}) {
  const decide = async (id: string, status: 'accepted' | 'rejected') => {
    if (await decideComment(id, status)) onChanged();
  };
  return (
    <ListShell list={list} label="Comments waiting for review" empty={empty}>
      {list.comments.map((c) => (
        <CommentCard key={c._id} comment={c} showAuthor>
          <ReviewButtons
            authorName={c.user.name}
            onDecide={(status) => decide(c._id, status)}
            approveClass="btn btn-primary"
          />
        </CommentCard>
      ))}
    </ListShell>
  );
}
