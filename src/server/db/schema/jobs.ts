import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

export const JOB_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/**
 * The durable job queue (src/server/modules/core/jobs). Every time is written from the app's
 * injectable clock, never the database's, so there are no SQL defaults on the timestamps.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    payload: jsonb('payload').notNull(),
    status: text('status', { enum: JOB_STATUSES }).notNull().default('queued'),
    /** Tries started so far, counted when a worker claims the job. */
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull(),
    /** Not claimable before this (first run, or the next retry after a backoff). */
    runAt: timestamp('run_at', { withTimezone: true }).notNull(),
    lockedBy: text('locked_by'),
    /** End of the claiming worker's lease: past it, a 'running' job is taken as abandoned. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    dedupeKey: text('dedupe_key'),
    /** The request (X-Request-Id) that enqueued it, directly or through other jobs: for logs. */
    requestId: text('request_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    // Partial indexes keep the claim scans proportional to the pending work, not to the history
    // of finished jobs that stays in the table until pruned.
    index('jobs_claim_idx')
      .on(t.runAt)
      .where(sql`status = 'queued'`),
    index('jobs_lease_idx')
      .on(t.lockedUntil)
      .where(sql`status = 'running'`),
    // At most one pending job per key; a finished one frees the key so the work can happen again.
    uniqueIndex('jobs_dedupe_key_idx')
      .on(t.dedupeKey)
      .where(sql`dedupe_key is not null and status in ('queued', 'running')`),
    index('jobs_status_finished_idx').on(t.status, t.finishedAt),
    // "Was one enqueued lately?" (EnqueueOptions.quietPeriodMs), whatever became of it.
    index('jobs_dedupe_recent_idx').on(t.dedupeKey, t.createdAt),
  ],
);

export type JobRow = typeof jobs.$inferSelect;
