import type { ReturnRequest } from '../../../../shared/contracts/returns';
import { ModeratorDecision } from './ReturnActions';
import { ReturnDetail } from './ReturnDetail';

/**
 * A refund request as an item of the moderation queue (ADR 074): the request as its page shows it
 * and the moderator's decision, the same form and call as on /returns/:id.
 */
export function ReturnQueueItem({ r, onDecided }: { r: ReturnRequest; onDecided: () => void }) {
  const headingId = `queue-${r._id}`;
  return (
    <li
      className="space-y-3"
      aria-labelledby={headingId}
      data-testid="queue-return"
      data-return-id={r._id}
    >
      <h2 id={headingId} className="text-base font-semibold text-gray-950">
        Refund request sent to moderation
      </h2>
      <ReturnDetail r={r} />
      <ModeratorDecision r={r} onDone={onDecided} idPrefix={`decide-${r._id}`} />
    </li>
  );
}
