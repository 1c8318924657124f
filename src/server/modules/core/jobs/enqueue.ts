import { is, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import { jobs } from '../../../db/schema';
import type { ModuleDeps } from '../deps';
import { sqlRows } from '../sql-rows';
import type { JobDefinition } from './define';
import { signalJobsEnqueued } from './signal';

export interface EnqueueOptions {
  /** Not before this time (default: now). */
  runAt?: Date;
  /** Tries before the job ends 'failed' (default 10). */
  maxAttempts?: number;
  /** While a queued or running job holds this key, enqueueing another with it is a no-op. */
  dedupeKey?: string;
  /** With dedupeKey: also a no-op when a job with the key was enqueued this recently (done or not). */
  quietPeriodMs?: number;
}

export const DEFAULT_MAX_ATTEMPTS = 10;

/** One job to enqueue: its definition, its payload and its options. */
export interface JobEntry {
  job: JobDefinition<never>;
  payload: unknown;
  opts: EnqueueOptions;
}

/** A job to enqueue with others (`enqueueJobs`), its payload typed by the job's definition. */
export function jobEntry<In>(
  job: JobDefinition<In>,
  payload: NoInfer<In>,
  opts: EnqueueOptions = {},
): JobEntry {
  return { job: job as JobDefinition<never>, payload, opts };
}

type Deps = Pick<ModuleDeps, 'db' | 'now' | 'requestId'>;

/**
 * Inserts jobs through `deps.db` in one statement, so inside `inTransaction` they commit or roll
 * back with the domain write that caused them, and a write that causes several (a paid order's
 * mails and deadlines) pays for one round trip, not one or two per job. Each keeps
 * `deps.requestId`, so its log lines lead back to the request. A job whose `dedupeKey` is already
 * pending is left out (the partial unique index on dedupe_key is the only possible conflict, the
 * id being fresh), and so is one whose key was enqueued within its `quietPeriodMs` (checked in the
 * same statement). Resolves the ids of the jobs enqueued.
 */
export async function enqueueJobs(deps: Deps, entries: readonly JobEntry[]): Promise<string[]> {
  if (!entries.length) return [];
  const now = deps.now();
  const rows = entries.map(({ job, payload, opts }) => {
    const maxAttempts = opts.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
    if (!Number.isInteger(maxAttempts) || maxAttempts < 1) {
      throw new RangeError(`maxAttempts must be a positive integer, got ${maxAttempts}`);
    }
    const quiet = opts.dedupeKey && opts.quietPeriodMs;
    return {
      name: job.name,
      // A JSON null arrives as SQL NULL; the statement turns it back into the JSON value null.
      payload: payload ?? null,
      max_attempts: maxAttempts,
      run_at: (opts.runAt ?? new Date(now)).toISOString(),
      dedupe_key: opts.dedupeKey ?? null,
      request_id: deps.requestId ?? null,
      quiet_after: quiet ? new Date(now - opts.quietPeriodMs!).toISOString() : null,
    };
  });
  const at = new Date(now).toISOString();
  const inserted = await sqlRows<{ id: string }>(
    deps.db,
    sql`
    insert into ${jobs} (name, payload, max_attempts, run_at, dedupe_key, request_id, created_at, updated_at)
    select r.name, coalesce(r.payload, 'null'::jsonb), r.max_attempts, r.run_at, r.dedupe_key, r.request_id, ${at}::timestamptz, ${at}::timestamptz
    from json_to_recordset(${JSON.stringify(rows)}::json) as r(name text, payload jsonb,
      max_attempts integer, run_at timestamptz, dedupe_key text, request_id text, quiet_after timestamptz)
    where r.quiet_after is null
      or not exists (select 1 from ${jobs} j where j.dedupe_key = r.dedupe_key and j.created_at > r.quiet_after)
    on conflict do nothing
    returning id`,
  );
  // Inside a transaction the jobs are invisible to workers until commit; inTransaction signals then.
  if (inserted.length && !is(deps.db, PgTransaction)) signalJobsEnqueued();
  return inserted.map((r) => r.id);
}

/**
 * Enqueues one job (see `enqueueJobs`), its payload typed by the job's definition (its schema's
 * input; the worker checks it when the job runs). Returns the new id, or null when `dedupeKey` is
 * already pending or was enqueued within `quietPeriodMs`.
 */
export async function enqueueJob<In>(
  deps: Deps,
  job: JobDefinition<In>,
  payload: NoInfer<In>,
  opts: EnqueueOptions = {},
): Promise<string | null> {
  const [id] = await enqueueJobs(deps, [jobEntry(job, payload, opts)]);
  return id ?? null;
}
