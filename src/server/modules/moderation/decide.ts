import { and, eq } from 'drizzle-orm';
import type {
  CommentDecisionRequest,
  Report,
  ReportDecisionRequest,
} from '../../../shared/contracts/moderation';
import { isUuid } from '../../../shared/contracts/common';
import type { ReportTarget } from '../../../shared/contracts/social-rules';
import { comments, messages, reports, type ReportRow } from '../../db/schema';
import type { StaffActor } from '../accounts';
import { takeDownPost } from '../catalog';
import { announceCommentDecision, setCommentStatus } from '../comments';
import {
  announceChange,
  conflict,
  inTransaction,
  notFound,
  nowDate,
  validationError,
  type ModuleDeps,
} from '../core';
import { deleteMessage } from '../messages';
import { recordAction, withNote } from './log';
import { announceMemberChange, changeMemberStatus } from './members';
import { toReport } from './reports';

export const reportNotFound = () => notFound('This report could not be found.', 'REPORT_NOT_FOUND');

export const ALREADY_DECIDED_REPORT =
  'This report has already been decided by another moderator. Reload the queue.';

const THING: Record<ReportTarget, string> = {
  product: 'post',
  comment: 'comment',
  message: 'message',
  user: 'member',
};

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** What the `remove` decision did to the reported thing (null: it was already gone). */
async function removeTarget(
  tx: ModuleDeps,
  actor: StaffActor,
  report: ReportRow,
): Promise<{ summary: string; ownerId: string | null }> {
  const id = report.targetId;
  switch (report.targetType) {
    case 'product': {
      const post = await takeDownPost(tx, id);
      if (!post) return { summary: 'post already deleted', ownerId: null };
      return {
        summary: `post “${post.title}” ${post.changed ? 'archived' : 'was already archived'}`,
        ownerId: post.userId,
      };
    }
    case 'comment': {
      const [row] = await tx.db
        .select({ status: comments.status, ownerId: comments.productOwnerId })
        .from(comments)
        .where(eq(comments.id, id));
      if (!row) return { summary: 'comment already deleted', ownerId: null };
      if (row.status !== 'rejected') await setCommentStatus(tx, actor, id, 'rejected');
      return { summary: 'comment removed', ownerId: row.ownerId };
    }
    case 'message': {
      const [row] = await tx.db
        .select({ userId: messages.userId })
        .from(messages)
        .where(eq(messages.id, id));
      if (!row) return { summary: 'message already deleted', ownerId: null };
      await deleteMessage(tx, actor, id);
      return { summary: 'message deleted', ownerId: row.userId };
    }
    case 'user':
      throw validationError(
        'A member cannot be removed like a post: suspend them instead (or dismiss the report).',
        'BAD_REQUEST',
      );
  }
}

/**
 * PATCH /moderation/reports/:id: one decision on everything open about the reported thing —
 * `dismiss` closes the reports (nothing wrong), `remove` takes the thing down (a post archived, a
 * comment rejected, a message deleted) and `suspend` suspends its author (as PATCH /users/status);
 * both close the reports as actioned. Recorded in the decision log in the same transaction. A
 * report already decided is 409 and changes nothing.
 */
export async function decideReport(
  deps: ModuleDeps,
  actor: StaffActor,
  id: string,
  input: ReportDecisionRequest,
): Promise<Report> {
  if (!isUuid(id)) throw reportNotFound();
  const outcome = await inTransaction(deps, async (tx) => {
    const [report] = await tx.db
      .select()
      .from(reports)
      .where(eq(reports.id, id.toLowerCase()))
      .for('update');
    if (!report) throw reportNotFound();
    if (report.status !== 'open') throw conflict(ALREADY_DECIDED_REPORT, 'ALREADY_DECIDED');
    const at = nowDate(tx);
    const sameTarget = and(
      eq(reports.targetType, report.targetType),
      eq(reports.targetId, report.targetId),
      eq(reports.status, 'open'),
    );
    let summary: string;
    let everyone = false;
    let ownerId: string | null = null;
    if (input.action === 'suspend') {
      if (!report.targetUserId) {
        throw conflict(
          'The author of this no longer has an account. Dismiss the report instead.',
          'CONFLICT',
        );
      }
      // Suspending closes every open report about the author, this one included.
      const change = await changeMemberStatus(tx, actor, {
        id: report.targetUserId,
        status: 'suspended',
        reportId: report.id,
        note: input.note,
      });
      everyone = change.changed;
      summary = change.changed ? '' : `@${change.user.username} was already suspended`;
    } else if (input.action === 'remove') {
      const removed = await removeTarget(tx, actor, report);
      ownerId = removed.ownerId;
      summary = removed.summary;
    } else {
      summary = 'nothing wrong found';
    }
    const closed = await tx.db
      .update(reports)
      .set({
        status: input.action === 'dismiss' ? 'dismissed' : 'actioned',
        decidedBy: actor.id,
        decidedAt: at,
      })
      .where(sameTarget)
      .returning({ id: reports.id });
    // A suspension was logged by changeMemberStatus; other decisions are logged here.
    if (summary) {
      const count = Math.max(closed.length, 1);
      await recordAction(tx, {
        actorId: actor.id,
        action: input.action,
        targetType: report.targetType,
        targetId: report.targetId,
        reportId: report.id,
        note: withNote(
          `${plural(count, 'report')} on a ${THING[report.targetType]} ${input.action === 'dismiss' ? 'dismissed' : 'closed'}: ${summary}`,
          input.note,
        ),
      });
    }
    const [decided] = await tx.db.select().from(reports).where(eq(reports.id, report.id));
    return { report: decided!, everyone, ownerId };
  });
  // Something was taken down (hidden by moderation): a hard change.
  if (outcome.everyone) announceMemberChange(deps);
  else if (outcome.ownerId) announceChange(deps, { kind: 'user', userIds: [outcome.ownerId] });
  return toReport(outcome.report);
}

/**
 * POST /moderation/comments/:id: a moderator approves or rejects a comment from the queue through
 * the comments module (which keeps who decided on the comment, tells a replied-to author, and
 * refuses a second identical decision with 409), logged in the same transaction. Rejecting also
 * closes the open reports on the comment.
 */
export async function decideComment(
  deps: ModuleDeps,
  actor: StaffActor,
  id: string,
  input: CommentDecisionRequest,
) {
  const row = await inTransaction(deps, async (tx) => {
    const status = input.action === 'approve' ? 'accepted' : 'rejected';
    const decided = await setCommentStatus(tx, actor, id, status);
    if (status === 'rejected') {
      await tx.db
        .update(reports)
        .set({ status: 'actioned', decidedBy: actor.id, decidedAt: nowDate(tx) })
        .where(
          and(
            eq(reports.targetType, 'comment'),
            eq(reports.targetId, decided.id),
            eq(reports.status, 'open'),
          ),
        );
    }
    await recordAction(tx, {
      actorId: actor.id,
      action: input.action,
      targetType: 'comment',
      targetId: decided.id,
      note: withNote(
        `comment ${input.action === 'approve' ? 'approved' : 'rejected'}: “${decided.text.slice(0, 80)}”`,
        input.note,
      ),
    });
    return decided;
  });
  announceCommentDecision(deps, row);
  return { comment: { _id: row.id, status: row.status } };
}
