import { and, inArray, is, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { NotificationKind } from '../../../shared/contracts/social-rules';
import { SOCIAL_LIMITS } from '../../../shared/contracts/social-rules';
import { jobs, notifications } from '../../db/schema';
import { enqueueJob, inTransaction, type ModuleDeps } from '../core';
import { digestJob, lockMemberDigest } from './digest';

/**
 * What each kind's `data` carries, so the digest can say what happened and link to it. Every key
 * is optional to the digest (an event without them is mailed with less detail), but callers
 * should pass them:
 * - new_follower: nothing (the actor is the follower);
 * - comment_to_review: productId, commentId, excerpt (of the comment);
 * - comment_reply: productId, commentId (the reply), excerpt;
 * - private_message: messageId, excerpt.
 * An event whose comment is no longer pending (to review) or accepted (reply), or whose message
 * or post is gone by the time the digest goes out, is dropped from it.
 */
export interface NotificationData {
  productId?: string;
  commentId?: string;
  messageId?: string;
  excerpt?: string;
}

export interface NotificationEvent {
  /** Who gets the mail. */
  userId: string;
  kind: NotificationKind;
  /** Who caused it (follower, commenter, sender); never notified about themselves. */
  actorId: string;
  /** What the mail says and links to (see NotificationData). */
  data?: NotificationData & Record<string, string>;
}

/**
 * The two dedupe keys a member's digest job can hold. The queue keeps a key while its job is
 * queued *or running*, so one key alone would swallow an event arriving while the digest is
 * being sent; the second key schedules the follow-up digest for it.
 */
export const digestKeys = (userId: string) =>
  [`${digestJob.name}:${userId}`, `${digestJob.name}:${userId}:next`] as const;

/**
 * Records an event for an email, in the caller's transaction (a refused or rolled-back write
 * notifies nobody). The first unmailed event of a member schedules their digest
 * SOCIAL_LIMITS.notificationBatchMs later; events until it runs ride along in the same mail. An
 * event arriving while the digest is already running schedules the next one.
 * Whether the member wants this kind of mail is decided when the digest is sent, so a setting
 * changed in between is honoured.
 */
export async function notify(
  deps: Pick<ModuleDeps, 'db' | 'now'>,
  event: NotificationEvent,
): Promise<void> {
  if (event.userId.toLowerCase() === event.actorId.toLowerCase()) return;
  if (!is(deps.db, PgTransaction)) {
    // The lock below lasts for a transaction: outside one it would end with its own statement.
    await inTransaction(deps, (tx) => notify(tx, event));
    return;
  }
  const now = deps.now();
  await lockMemberDigest(deps.db, event.userId);
  await deps.db.insert(notifications).values({
    userId: event.userId,
    kind: event.kind,
    actorId: event.actorId,
    data: event.data ?? {},
    createdAt: new Date(now),
  });
  await scheduleDigest(deps, event.userId, new Date(now + SOCIAL_LIMITS.notificationBatchMs));
}

/** Under the member's lock: enqueue a digest unless one is waiting (queued) to run. */
async function scheduleDigest(
  deps: Pick<ModuleDeps, 'db' | 'now'>,
  userId: string,
  runAt: Date,
): Promise<void> {
  const keys = digestKeys(userId);
  const pending = await deps.db
    .select({ key: jobs.dedupeKey, status: jobs.status })
    .from(jobs)
    .where(and(inArray(jobs.dedupeKey, [...keys]), sql`${jobs.status} in ('queued', 'running')`));
  // A queued digest has not read the events yet (it takes this lock first): it will carry this one.
  if (pending.some((job) => job.status === 'queued')) return;
  // Every pending one is running, past its read: the event needs a digest of its own.
  const free = keys.find((key) => !pending.some((job) => job.key === key));
  // Both keys running only if a digest overran the batch window; a keyless job still mails it.
  await enqueueJob(deps, digestJob, { userId }, { runAt, ...(free ? { dedupeKey: free } : {}) });
}
