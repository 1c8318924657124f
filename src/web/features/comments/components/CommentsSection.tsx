import { lazy, Suspense, type ReactNode } from 'react';
import { Avatar } from '../../../components/ui/Avatar';
import { useRootData } from '../../../lib/root-data';
import type { SessionUser } from '../../../../shared/contracts/accounts';
import type { PostCommentsState, ShownComment, ShownThread } from '../api/comments-api';

// A post's comments under the post (docs/decisions/020). Visitors get the thread as plain
// server-rendered markup — this module, kept small for the post pages' JavaScript budget (its links
// come ready-made from the loader, so they work without JavaScript too). Signed-in members get the
// same markup with reply, approve and reject buttons and the comment form, from a module loaded
// only for them (no <Suspense>: the server render waits for it, and hydration keeps the server's
// markup on screen until it is there — docs/decisions/011). It gets CommentsView as a prop rather
// than importing it, so its chunk does not depend on this one's (the post page's) chunk.
const SignedIn = lazy(() => import('./SignedIn'));

/** The badge of a comment only its author (and its reviewers) can see yet. */
export const PENDING_LABEL = 'Waiting for review';

export interface CommentsSectionProps {
  productId: string;
  /** The post's owner: they (and moderators) approve or reject its comments here. */
  ownerId: string;
  data: PostCommentsState;
  /**
   * Given on a page that is the same for everyone (a seller's post, docs/decisions/045): rendered
   * for nobody, its thread is the visitors'; the member recognised once it has loaded (null until
   * then) gets their tools and their own view of the thread. Absent: the page's own member.
   */
  viewer?: SessionUser | null;
}

export function CommentsSection(props: CommentsSectionProps) {
  const renderedFor = useRootData()?.user;
  const { viewer } = props;
  const visitors = (
    <CommentsView data={props.data}>
      <p>
        <a className="link" href={props.data.loginHref}>
          Log in to comment
        </a>
      </p>
    </CommentsView>
  );
  // Rendered for the member: the server waited for their module (no <Suspense>).
  if (renderedFor && viewer === undefined) return <SignedIn {...props} View={CommentsView} />;
  // A member recognised after load: the visitors' thread stays on screen until it arrives.
  if (viewer)
    return (
      <Suspense fallback={visitors}>
        <SignedIn {...props} View={CommentsView} />
      </Suspense>
    );
  return visitors;
}

/** The thread: each comment with its replies, oldest first; `tools` adds a comment's buttons. */
export function CommentsView({
  data,
  tools,
  children,
}: {
  data: PostCommentsState;
  tools?: (comment: ShownComment, thread: ShownThread) => ReactNode;
  /** Below the thread: the form, or the log-in link. */
  children: ReactNode;
}) {
  const item = (c: ShownComment, thread: ShownThread) => (
    <article className="comment">
      <Avatar name={c.user.name} src={c.user.image?.thumbnail} size="sm" />
      <div>
        <p className="comment-meta">
          <strong><bdi>{c.user.name}</bdi></strong> @{c.user.username}
          <time dateTime={c.createdAt}>{c.day}</time>
          {c.status === 'pending' && <span className="comment-badge">{PENDING_LABEL}</span>}
        </p>
        <p className="comment-text">{c.text}</p>
        {tools?.(c, thread)}
      </div>
    </article>
  );
  return (
    <section id="comments" aria-label="Comments" className="comments">
      <h2>Comments ({data.totalComments})</h2>
      {data.error ? (
        <p role="alert">{data.error}</p>
      ) : data.comments.length ? (
        <ol>
          {data.comments.map((c) => (
            <li key={c._id}>
              {item(c, c)}
              {c.replies.length > 0 && (
                <ol aria-label={`Replies to ${c.user.name}`}>
                  {c.replies.map((r) => (
                    <li key={r._id}>{item(r, c)}</li>
                  ))}
                </ol>
              )}
            </li>
          ))}
        </ol>
      ) : (
        <p>No comments yet: ask the seller anything.</p>
      )}
      {(data.earlier || data.later) && (
        <nav aria-label="Comment pages">
          {data.earlier && (
            <a className="page-link" href={data.earlier}>
              Earlier comments
            </a>
          )}
          {data.later && (
            <a className="page-link" href={data.later}>
              Later comments
            </a>
          )}
        </nav>
      )}
      {children}
    </section>
  );
}
