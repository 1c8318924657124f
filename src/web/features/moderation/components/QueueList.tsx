import { Fragment, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type {
  QueueComment,
  QueueReport,
  QueueReturn,
} from '../../../../shared/contracts/moderation';
import {
  REPORT_TARGET_NAMES,
  type CommentDecision,
  type ReportDecision,
} from '../../../../shared/contracts/moderation-rules';
import { notifyError, showConfirm } from '../../../components/ui/modal';
import type { QueueState } from '../api/moderation-api';
import { DECISION_ERRORS, decideComment, decideReport } from '../api/moderation-api';
import { formatTime } from '../moderation-query';

type Person = { username: string; name: string } | null;
const nameOf = (p: Person) => (p ? `${p.name || p.username} (@${p.username})` : 'Deleted user');

/** What a decision did, for the polite status line (screen readers hear it too). */
const DONE: Record<CommentDecision | ReportDecision, string> = {
  approve: 'Comment approved.',
  reject: 'Comment removed.',
  dismiss: 'Reports dismissed.',
  remove: 'Content removed and reports closed.',
  suspend: 'Author suspended and reports closed.',
};

/**
 * The moderation queue: comments waiting for review, open reports and refund requests sent to
 * moderation, oldest first, each with the decisions it allows. A decision reloads the queue (`onDecided`) and says what it did.
 */
export function QueueList({
  queue,
  empty,
  onDecided,
  renderReturn,
}: {
  queue: QueueState;
  empty: ReactNode;
  onDecided: () => void;
  /**
   * A refund request sent to moderation, as the returns feature shows and decides it (its own
   * form and call); `decided` is called once it is decided.
   */
  renderReturn: (item: QueueReturn, decided: () => void) => ReactNode;
}) {
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState<string | null>(null);

  async function decide(
    id: string,
    action: CommentDecision | ReportDecision,
    call: () => Promise<unknown>,
    confirm?: { title: string; message: string },
  ) {
    if (confirm && !(await showConfirm(confirm.message, undefined, confirm.title))) return;
    setBusy(id);
    setStatus('');
    try {
      await call();
      setStatus(DONE[action]);
      onDecided();
    } catch (err) {
      void notifyError(err, DECISION_ERRORS[action]);
    } finally {
      setBusy(null);
    }
  }

  if (queue.error)
    return (
      <p role="alert" className="list-empty text-red-800" data-testid="queue-error">
        {queue.error}
      </p>
    );
  return (
    <section aria-label="Moderation queue" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-gray-700" data-testid="queue-count">
          {queue.recordsCount.toLocaleString('en-US')}{' '}
          {queue.recordsCount === 1 ? 'item waits' : 'items wait'} for a decision
        </p>
        <p role="status" className="font-medium text-green-900" data-testid="queue-status">
          {status}
        </p>
      </div>
      {queue.items.length === 0 ? (
        <div className="list-empty" data-testid="queue-empty">
          {empty}
        </div>
      ) : (
        <ul className="space-y-3" data-testid="queue-list">
          {queue.items.map((item) =>
            item.kind === 'return' ? (
              <Fragment key={item._id}>
                {renderReturn(item, () => {
                  setStatus('Refund request decided.');
                  onDecided();
                })}
              </Fragment>
            ) : item.kind === 'comment' ? (
              <CommentItem
                key={item._id}
                item={item}
                busy={busy === item._id}
                onDecide={(action) =>
                  void decide(item._id, action, () => decideComment(item._id, action))
                }
              />
            ) : (
              <ReportItem
                key={item._id}
                item={item}
                busy={busy === item._id}
                onDecide={(action, confirm) =>
                  void decide(item._id, action, () => decideReport(item._id, action), confirm)
                }
              />
            ),
          )}
        </ul>
      )}
    </section>
  );
}

function CommentItem({
  item,
  busy,
  onDecide,
}: {
  item: QueueComment;
  busy: boolean;
  onDecide: (action: CommentDecision) => void;
}) {
  const headingId = `queue-${item._id}`;
  return (
    <li className="card" aria-labelledby={headingId} data-testid="queue-comment">
      <h2 id={headingId} className="text-base font-semibold text-gray-950">
        {item.replyTo ? 'Reply' : 'Comment'} waiting for review
      </h2>
      <p className="mt-1 text-sm text-gray-800">
        By {nameOf(item.author)} on{' '}
        <Link to={`/products/${encodeURIComponent(item.post._id)}`} className="link">
          {item.post.title}
        </Link>{' '}
        · <time dateTime={item.createdAt}>{formatTime(item.createdAt)}</time>
      </p>
      <blockquote className="mt-3 border-l-4 border-gray-300 pl-3 break-words whitespace-pre-line text-gray-900">
        {item.text}
      </blockquote>
      <div className="mt-4 flex flex-wrap gap-2">
        <button
          type="button"
          className="btn btn-primary"
          disabled={busy}
          onClick={() => onDecide('approve')}
        >
          Approve
        </button>
        <button
          type="button"
          className="btn btn-secondary"
          disabled={busy}
          onClick={() => onDecide('reject')}
        >
          Reject
        </button>
      </div>
    </li>
  );
}

function ReportItem({
  item,
  busy,
  onDecide,
}: {
  item: QueueReport;
  busy: boolean;
  onDecide: (action: ReportDecision, confirm?: { title: string; message: string }) => void;
}) {
  const thing = REPORT_TARGET_NAMES[item.targetType];
  const author = item.target.author;
  const headingId = `queue-${item._id}`;
  const canSuspend = author !== null && !item.target.authorSuspended;
  return (
    <li
      className="card"
      aria-labelledby={headingId}
      data-testid="queue-report"
      data-target-type={item.targetType}
      data-target-id={item.targetId}
    >
      <h2 id={headingId} className="text-base font-semibold text-gray-950">
        {item.reportCount} {item.reportCount === 1 ? 'report' : 'reports'} on a {thing}
        {author ? ` by ${nameOf(author)}` : ''}
      </h2>
      <p className="mt-1 text-sm text-gray-800">
        First reported <time dateTime={item.createdAt}>{formatTime(item.createdAt)}</time>
        {item.target.authorSuspended ? ' · the author is suspended' : ''}
      </p>
      <div className="mt-3 rounded-lg bg-gray-50 p-3">
        {item.target.exists ? (
          <p className="break-words whitespace-pre-line text-gray-900">
            {item.target.href ? (
              <Link to={item.target.href} className="link">
                {item.target.excerpt}
              </Link>
            ) : (
              item.target.excerpt
            )}
          </p>
        ) : (
          <p className="text-gray-800">This {thing} has been deleted since it was reported.</p>
        )}
      </div>
      <h3 className="mt-3 text-sm font-semibold text-gray-950">Reasons</h3>
      <ul className="mt-1 space-y-1 text-sm text-gray-900">
        {item.reasons.map((reason, i) => (
          <li key={i} className="break-words">
            “{reason}” — {nameOf(item.reporters[i] ?? null)}
          </li>
        ))}
      </ul>
      <div className="mt-4 flex flex-wrap gap-2">
        <button
          type="button"
          className="btn btn-secondary"
          disabled={busy}
          onClick={() => onDecide('dismiss')}
        >
          Dismiss
        </button>
        {item.targetType !== 'user' && (
          <button
            type="button"
            className="btn btn-secondary"
            disabled={busy}
            onClick={() =>
              onDecide('remove', {
                title: `Remove this ${thing}?`,
                message:
                  item.targetType === 'product'
                    ? 'The post is archived: it leaves every public page; its seller still sees it.'
                    : `The ${thing} is taken down for good.`,
              })
            }
          >
            Remove {thing}
          </button>
        )}
        {canSuspend && (
          <button
            type="button"
            className="btn btn-danger"
            disabled={busy}
            onClick={() =>
              onDecide('suspend', {
                title: `Suspend ${author.name || author.username}?`,
                message: `@${author.username} is logged out everywhere and cannot log in; their page, posts, comments and messages leave public view until an admin reinstates them.`,
              })
            }
          >
            Suspend author
          </button>
        )}
      </div>
    </li>
  );
}
