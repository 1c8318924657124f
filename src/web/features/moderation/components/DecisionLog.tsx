import type { ModerationActionView } from '../../../../shared/contracts/moderation';
import type { ModerationAction } from '../../../../shared/contracts/social-rules';
import type { ActionsState } from '../api/moderation-api';
import { formatTime } from '../moderation-query';

const VERBS: Record<ModerationAction, string> = {
  approve: 'Approved',
  reject: 'Rejected',
  dismiss: 'Dismissed',
  remove: 'Removed',
  suspend: 'Suspended',
  reinstate: 'Reinstated',
  delete: 'Deleted',
  role: 'Changed a role',
};

const actorOf = (a: ModerationActionView) =>
  a.actor ? `${a.actor.name || a.actor.username} (@${a.actor.username})` : 'Deleted user';

/** The decision log: who decided what and when, newest first. */
export function DecisionLog({ log }: { log: ActionsState }) {
  if (log.error)
    return (
      <p role="alert" className="list-empty text-red-800">
        {log.error}
      </p>
    );
  if (log.actions.length === 0)
    return (
      <p className="list-empty" data-testid="decisions-empty">
        No decisions yet. Every approval, removal, suspension, deletion, role change and refund
        decision is listed here with who took it and when.
      </p>
    );
  return (
    <section aria-label="Decisions" className="space-y-3">
      <p className="text-gray-700">
        {log.recordsCount.toLocaleString('en-US')}{' '}
        {log.recordsCount === 1 ? 'decision' : 'decisions'}, newest first
      </p>
      <ol className="space-y-2" data-testid="decisions-list">
        {log.actions.map((a) => (
          <li key={a._id} className="card" data-testid="decision" data-action={a.action}>
            <p className="font-semibold text-gray-950">
              {VERBS[a.action]} <span className="font-normal">by {actorOf(a)}</span>
            </p>
            <p className="mt-1 break-words text-gray-900">{a.note}</p>
            <p className="mt-1 text-sm text-gray-700">
              <time dateTime={a.createdAt}>{formatTime(a.createdAt)}</time>
            </p>
          </li>
        ))}
      </ol>
    </section>
  );
}
