import { lazy, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import type { Comment, CommentThread } from '../../../../shared/contracts/comments';
import { MESSAGES } from '../../../../shared/messages';
import { Avatar } from '../../../components/ui/Avatar';
import { loginUrlFor } from '../../../lib/redirect';
import { useRootData } from '../../../lib/root-data';
import type { PostCommentsState } from '../api/comments-api';

// A post's comments under the post (docs/decisions/020). Visitors get the thread as plain
// server-rendered markup — this module, kept tiny for the post pages' JavaScript budget. Signed-in
// members get the same markup with reply, approve and reject buttons and the comment form, from a
// module loaded only for them (no <Suspense>: the server render waits for it, and hydration keeps
// the server's markup on screen until it is there).
const InteractiveComments = lazy(() => import('./InteractiveComments'));

/** The query parameter of a post page that pages through its comments (`?commentsPage=2`). */
export const COMMENTS_PAGE_PARAM = 'commentsPage';

const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

export interface CommentsSectionProps {
  productId: string;
  /** The post's owner: they (and moderators) approve or reject its comments here. */
  ownerId: string;
  data: PostCommentsState;
}

export function CommentsSection(props: CommentsSectionProps) {
  const location = useLocation();
  if (useRootData()?.user) return <InteractiveComments {...props} />;
  return (
    <CommentsView data={props.data}>
      <p>
        <Link className="link" to={loginUrlFor(location.pathname + location.search)}>
          Log in to comment
        </Link>
      </p>
    </CommentsView>
  );
}

/** The thread: each comment with its replies, oldest first; `tools` adds a comment's buttons. */
export function CommentsView({
  data,
  tools,
  children,
}: {
  data: PostCommentsState;
  tools?: (comment: Comment, thread: CommentThread) => ReactNode;
  /** Below the thread: the form, or the log-in link. */
  children: ReactNode;
}) {
  const location = useLocation();
  const item = (c: Comment, thread: CommentThread) => (
    <article className="comment" data-testid="comment" data-status={c.status}>
      <Avatar name={c.user.name} src={c.user.image?.thumbnail} size="sm" />
      <div className="min-w-0 flex-1">
        <p className="comment-meta">
          <strong>{c.user.name}</strong> <span>@{c.user.username}</span> ·{' '}
          <time dateTime={c.createdAt}>{day.format(new Date(c.createdAt))}</time>
          {c.status === 'pending' && <span className="comment-badge">{MESSAGES.commentPending}</span>}
        </p>
        <p className="comment-text">{c.text}</p>
        {tools?.(c, thread)}
      </div>
    </article>
  );
  const pageLink = (page: number) => {
    const params = new URLSearchParams(location.search);
    params.set(COMMENTS_PAGE_PARAM, String(page));
    return `?${params}#comments`;
  };
  const last = Math.ceil(data.recordsCount / data.limit);
  return (
    <section id="comments" aria-labelledby="comments-heading" className="comments">
      <h2 id="comments-heading" className="text-xl font-bold">
        Comments ({data.totalComments})
      </h2>
      {data.error ? (
        <p role="alert">{data.error}</p>
      ) : data.comments.length ? (
        <ol>
          {data.comments.map((c) => (
            <li key={c._id}>
              {item(c, c)}
              {c.replies.length > 0 && (
                <ol className="comment-replies" aria-label={`Replies to ${c.user.name}`}>
                  {c.replies.map((r) => (
                    <li key={r._id}>{item(r, c)}</li>
                  ))}
                </ol>
              )}
            </li>
          ))}
        </ol>
      ) : (
        <p>No comments yet. Ask the seller a question or say what you think.</p>
      )}
      {last > 1 && (
        <nav aria-label="Comment pages" className="flex gap-3">
          {data.page > 1 && (
            <Link className="page-link" to={pageLink(data.page - 1)}>
              Earlier comments
            </Link>
          )}
          {data.page < last && (
            <Link className="page-link" to={pageLink(data.page + 1)}>
              Later comments
            </Link>
          )}
        </nav>
      )}
      {children}
    </section>
  );
}
