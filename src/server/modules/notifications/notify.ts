import type { NotificationKind } from '../../../shared/contracts/social-rules';
import { SOCIAL_LIMITS } from '../../../shared/contracts/social-rules';
import { notifications } from '../../db/schema';
import { enqueueJob, type ModuleDeps } from '../core';

export const DIGEST_JOB = 'notifications.digest';

export interface NotificationEvent {
  /** Who gets the mail. */
  userId: string;
  kind: NotificationKind;
  /** Who caused it (follower, commenter, sender); never notified about themselves. */
  actorId: string;
  /** What the mail says and links to (short strings: post title and id, an excerpt…). */
  data?: Record<string, string>;
}

/**
 * Records an event for an email, in the caller's transaction (a refused or rolled-back write
 * notifies nobody). The first unmailed event of a user schedules their digest a few minutes
 * later; events until then ride along in the same mail (the job's dedupe key holds while it waits).
 * Whether the user wants this kind of mail is decided when the digest is sent, so a setting
 * changed in between is honoured.
 */
export async function notify(
  deps: Pick<ModuleDeps, 'db' | 'now'>,
  event: NotificationEvent,
): Promise<void> {
  if (event.userId.toLowerCase() === event.actorId.toLowerCase()) return;
  const now = deps.now();
  await deps.db.insert(notifications).values({
    userId: event.userId,
    kind: event.kind,
    actorId: event.actorId,
    data: event.data ?? {},
    createdAt: new Date(now),
  });
  await enqueueJob(
    deps,
    DIGEST_JOB,
    { userId: event.userId },
    {
      dedupeKey: `${DIGEST_JOB}:${event.userId}`,
      runAt: new Date(now + SOCIAL_LIMITS.notificationBatchMs),
    },
  );
}
