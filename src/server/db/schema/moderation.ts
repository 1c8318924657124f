// Tables of the moderation module: reports from members and the record of every decision.
import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import {
  ACTION_TARGETS,
  MODERATION_ACTIONS,
  REPORT_STATUSES,
  REPORT_TARGETS,
} from '../../../shared/contracts/social-rules';
import { users } from './accounts';

export { MODERATION_ACTIONS, REPORT_STATUSES, REPORT_TARGETS };

export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reporterId: uuid('reporter_id').references(() => users.id, { onDelete: 'set null' }),
    targetType: text('target_type', { enum: REPORT_TARGETS }).notNull(),
    /** The post, comment, message or user reported (no FK: it may be deleted, the report stays). */
    targetId: uuid('target_id').notNull(),
    /** Who wrote the reported content (the user themselves for a user report). */
    targetUserId: uuid('target_user_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason').notNull(),
    status: text('status', { enum: REPORT_STATUSES }).notNull().default('open'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One open report per reporter and target: reporting again while it is open changes nothing.
    uniqueIndex('reports_open_once_idx')
      .on(t.reporterId, t.targetType, t.targetId)
      .where(sql`${t.status} = 'open'`),
    index('reports_status_created_idx').on(t.status, t.createdAt),
    index('reports_target_idx').on(t.targetType, t.targetId),
  ],
);

export type ReportRow = typeof reports.$inferSelect;

/** Who decided what and when: one row per moderation action, never updated. */
export const moderationActions = pgTable(
  'moderation_actions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action', { enum: MODERATION_ACTIONS }).notNull(),
    targetType: text('target_type', { enum: ACTION_TARGETS }).notNull(),
    targetId: uuid('target_id').notNull(),
    reportId: uuid('report_id').references(() => reports.id, { onDelete: 'set null' }),
    note: text('note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('moderation_actions_created_idx').on(t.createdAt.desc()),
    index('moderation_actions_target_idx').on(t.targetType, t.targetId),
  ],
);
