import { count, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  ActionsResponse,
  ModerationActionView,
  actionsQuery,
} from '../../../shared/contracts/moderation';
import type { ActionTarget, ModerationAction } from '../../../shared/contracts/social-rules';
import { moderationActions, users } from '../../db/schema';
import { nowDate, type DbOrTx, type ModuleDeps } from '../core';

export interface ActionRecord {
  actorId: string;
  action: ModerationAction;
  targetType: ActionTarget;
  targetId: string;
  reportId?: string | null;
  /** What was decided, in words (names written now survive a later deletion of the account). */
  note: string;
}

/** Appends one decision to the log, in the deciding transaction (rows are never updated). */
export async function recordAction(
  tx: { db: DbOrTx; now: ModuleDeps['now'] },
  record: ActionRecord,
): Promise<void> {
  await tx.db.insert(moderationActions).values({
    actorId: record.actorId.toLowerCase(),
    action: record.action,
    targetType: record.targetType,
    targetId: record.targetId,
    reportId: record.reportId ?? null,
    note: record.note.slice(0, 1000),
    createdAt: nowDate(tx),
  });
}

/** A moderator's own words after the summary of what was done. */
export const withNote = (summary: string, note: string | undefined) =>
  note ? `${summary} — “${note}”` : summary;

/** GET /moderation/actions: the decision log, newest first, with who decided. */
export async function listActions(
  deps: Pick<ModuleDeps, 'db'>,
  query: z.output<typeof actionsQuery>,
): Promise<ActionsResponse> {
  const [rows, [total]] = await Promise.all([
    deps.db
      .select({
        id: moderationActions.id,
        action: moderationActions.action,
        targetType: moderationActions.targetType,
        targetId: moderationActions.targetId,
        reportId: moderationActions.reportId,
        note: moderationActions.note,
        createdAt: moderationActions.createdAt,
        actorId: users.id,
        actorUsername: users.username,
        actorName: users.name,
      })
      .from(moderationActions)
      .leftJoin(users, eq(users.id, moderationActions.actorId))
      .orderBy(
        // As the index is written (DESC NULLS LAST): read in order, not sorted.
        sql`${moderationActions.createdAt} desc nulls last`,
        sql`${moderationActions.id} desc`,
      )
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    deps.db.select({ n: count() }).from(moderationActions),
  ]);
  const actions: ModerationActionView[] = rows.map((r) => ({
    _id: r.id,
    action: r.action,
    targetType: r.targetType,
    targetId: r.targetId,
    reportId: r.reportId,
    note: r.note,
    createdAt: r.createdAt.toISOString(),
    actor:
      r.actorId && r.actorUsername !== null && r.actorName !== null
        ? { _id: r.actorId, username: r.actorUsername, name: r.actorName }
        : null,
  }));
  return { actions, recordsCount: total?.n ?? 0 };
}
