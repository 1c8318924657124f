import { and, desc, eq, inArray, lt, lte, or, sql } from 'drizzle-orm';
import { jobs, type JobRow, type JobStatus } from '../../../db/schema';
import type { DbOrTx, ModuleDeps } from '../deps';

/** Enough to diagnose from the admin list without letting one error bloat the row. */
const MAX_ERROR_LENGTH = 2000;

export interface JobRecord {
  id: string;
  name: string;
  status: JobStatus;
  attempts: number;
  maxAttempts: number;
  runAt: string;
  lastError: string | null;
  createdAt: string;
  finishedAt: string | null;
}

/** Jobs for an admin view, newest first. */
export async function listJobs(
  deps: Pick<ModuleDeps, 'db'>,
  query: { status?: JobStatus; limit?: number },
): Promise<JobRecord[]> {
  const requested = query.limit !== undefined && Number.isFinite(query.limit) ? query.limit : 50;
  const limit = Math.min(Math.max(Math.trunc(requested), 1), 200);
  const rows = await deps.db
    .select()
    .from(jobs)
    .where(query.status ? eq(jobs.status, query.status) : undefined)
    .orderBy(desc(jobs.createdAt), desc(jobs.id))
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    status: r.status,
    attempts: r.attempts,
    maxAttempts: r.maxAttempts,
    runAt: r.runAt.toISOString(),
    lastError: r.lastError,
    createdAt: r.createdAt.toISOString(),
    finishedAt: r.finishedAt?.toISOString() ?? null,
  }));
}

/**
 * The queue's depth by status, for the metrics gauge: the pending ones and those that gave up
 * (done jobs are history, not depth). Each status is present, zero included, so a drained queue
 * reads 0 rather than no figure at all.
 */
export async function countJobsByStatus(
  db: DbOrTx,
): Promise<Record<Exclude<JobStatus, 'done'>, number>> {
  const rows = await db
    .select({ status: jobs.status, count: sql<number>`count(*)::int` })
    .from(jobs)
    .where(sql`${jobs.status} in ('queued', 'running', 'failed')`)
    .groupBy(jobs.status);
  const counts = { queued: 0, running: 0, failed: 0 };
  for (const row of rows) if (row.status !== 'done') counts[row.status] = row.count;
  return counts;
}

// ---- Used by the worker -------------------------------------------------------------------------

/**
 * What every log line of a job carries: the job, and the id of the request that enqueued it (named
 * as Fastify names it on the request's own lines), so one search finds a request and its jobs.
 */
export const jobLogFields = (job: JobRow): Record<string, string> => ({
  jobId: job.id,
  job: job.name,
  ...(job.requestId ? { reqId: job.requestId } : {}),
});

/**
 * Claims up to `limit` due jobs in one statement. SKIP LOCKED lets concurrent workers (in this or
 * other processes) take disjoint rows without waiting on each other; under READ COMMITTED a row
 * another worker claimed meanwhile fails the re-checked WHERE and is left out. A 'running' job past
 * its lease is due again: its worker died (or overran the lease, which then means a second run).
 */
export function claimJobs(
  db: DbOrTx,
  opts: { workerId: string; now: number; leaseMs: number; limit: number },
): Promise<JobRow[]> {
  const now = new Date(opts.now);
  const due = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      // Status as literals, not parameters, so the planner always matches the partial indexes.
      or(
        and(sql`${jobs.status} = 'queued'`, lte(jobs.runAt, now)),
        and(sql`${jobs.status} = 'running'`, lt(jobs.lockedUntil, now)),
      ),
    )
    .orderBy(jobs.runAt)
    .limit(opts.limit)
    .for('update', { skipLocked: true });
  return db
    .update(jobs)
    .set({
      status: 'running',
      attempts: sql`${jobs.attempts} + 1`,
      lockedBy: opts.workerId,
      lockedUntil: new Date(opts.now + opts.leaseMs),
      updatedAt: now,
    })
    .where(inArray(jobs.id, due))
    .returning();
}

/**
 * Only the claim that is still current may record the outcome: a worker whose lease expired and
 * whose job was re-claimed elsewhere must not overwrite the newer run's state. The attempt number
 * tells this worker's own earlier claim from a later one. Resolves false when the claim was lost.
 */
function ownClaim(job: JobRow, workerId: string) {
  return and(eq(jobs.id, job.id), eq(jobs.lockedBy, workerId), eq(jobs.attempts, job.attempts));
}

/**
 * The heartbeat: moves the lease of each job in `running` to `lockedUntil`, for the claims this
 * worker still holds. Resolves the ids it renewed; a job missing from them was re-claimed
 * elsewhere (its lease had run out) or has its outcome recorded already.
 */
export async function renewLeases(
  db: DbOrTx,
  running: readonly JobRow[],
  workerId: string,
  opts: { now: number; lockedUntil: number },
): Promise<Set<string>> {
  if (running.length === 0) return new Set();
  const rows = await db
    .update(jobs)
    .set({ lockedUntil: new Date(opts.lockedUntil), updatedAt: new Date(opts.now) })
    .where(or(...running.map((job) => ownClaim(job, workerId))))
    .returning({ id: jobs.id });
  return new Set(rows.map((r) => r.id));
}

export async function markJobDone(
  db: DbOrTx,
  job: JobRow,
  workerId: string,
  now: number,
): Promise<boolean> {
  const at = new Date(now);
  // last_error is kept: a job that needed retries still shows why.
  const rows = await db
    .update(jobs)
    .set({ status: 'done', finishedAt: at, updatedAt: at, lockedBy: null, lockedUntil: null })
    .where(ownClaim(job, workerId))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/** Records a failed try: back to 'queued' at `retryAt`, or 'failed' for good when it is null. */
export async function markJobFailed(
  db: DbOrTx,
  job: JobRow,
  workerId: string,
  opts: { now: number; error: string; retryAt: Date | null },
): Promise<boolean> {
  const at = new Date(opts.now);
  const lastError = opts.error.slice(0, MAX_ERROR_LENGTH);
  const outcome = opts.retryAt
    ? { status: 'queued' as const, runAt: opts.retryAt }
    : { status: 'failed' as const, finishedAt: at };
  const rows = await db
    .update(jobs)
    .set({ ...outcome, lastError, updatedAt: at, lockedBy: null, lockedUntil: null })
    .where(ownClaim(job, workerId))
    .returning({ id: jobs.id });
  return rows.length > 0;
}
