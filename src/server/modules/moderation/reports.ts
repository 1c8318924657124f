import { and, eq } from 'drizzle-orm';
import type { Report, ReportRequest } from '../../../shared/contracts/moderation';
import type { ReportTarget } from '../../../shared/contracts/social-rules';
import { reports, type ReportRow } from '../../db/schema';
import { nowDate, validationError, type ModuleDeps } from '../core';
import { reportedThing } from './targets';

export function toReport(row: ReportRow): Report {
  return {
    _id: row.id,
    targetType: row.targetType,
    targetId: row.targetId,
    reason: row.reason,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}

const OWN: Record<ReportTarget, string> = {
  product: 'You cannot report your own post. Edit or delete it instead.',
  comment: 'You cannot report your own comment.',
  message: 'You cannot report your own message. Delete it instead.',
  user: 'You cannot report yourself.',
};

/**
 * POST /reports: a signed-in member reports a post, comment, message or member they can see, with
 * a reason. Reporting the same thing again while their report is open changes nothing and answers
 * with that report (`created: false`); the partial unique index decides parallel attempts.
 */
export async function createReport(
  deps: ModuleDeps,
  reporterId: string,
  input: ReportRequest,
): Promise<{ report: Report; created: boolean }> {
  const reporter = reporterId.toLowerCase();
  const targetId = input.targetId.toLowerCase();
  const { authorId, own } = await reportedThing(deps.db, input.targetType, targetId, reporter);
  if (own) throw validationError(OWN[input.targetType], 'SELF_ACTION');
  const open = and(
    eq(reports.reporterId, reporter),
    eq(reports.targetType, input.targetType),
    eq(reports.targetId, targetId),
    eq(reports.status, 'open'),
  );
  // Twice at most: an open report that is decided between our insert and our read is gone.
  for (let attempt = 0; attempt < 2; attempt++) {
    const [inserted] = await deps.db
      .insert(reports)
      .values({
        reporterId: reporter,
        targetType: input.targetType,
        targetId,
        targetUserId: authorId,
        reason: input.reason,
        createdAt: nowDate(deps),
      })
      .onConflictDoNothing()
      .returning();
    if (inserted) return { report: toReport(inserted), created: true };
    const [existing] = await deps.db.select().from(reports).where(open).limit(1);
    if (existing) return { report: toReport(existing), created: false };
  }
  throw new Error('report: neither inserted nor found');
}
