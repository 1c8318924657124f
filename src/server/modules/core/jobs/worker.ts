import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { JobRow } from '../../../db/schema';
import type { Logger, ModuleDeps } from '../deps';
import { claimJobs, markJobDone, markJobFailed } from './queue';
import { onJobsEnqueued } from './signal';

export interface JobContext {
  id: string;
  name: string;
  /** 1-based: the try now running. */
  attempt: number;
  maxAttempts: number;
}

export type JobHandler = (deps: ModuleDeps, payload: unknown, job: JobContext) => Promise<void>;
export type JobHandlers = Record<string, JobHandler>;

export interface JobWorkerOptions {
  /** Base deps; `db` is the database handle, never a transaction. */
  deps: ModuleDeps;
  handlers: JobHandlers;
  workerId?: string;
  pollIntervalMs?: number;
  batchSize?: number;
  /** How long a claim is honoured; a job still 'running' after it is taken as abandoned. */
  leaseMs?: number;
  backoffMs?: (attempt: number) => number;
}

export interface JobWorker {
  start(): void;
  runDue(): Promise<number>;
  stop(): Promise<void>;
}

/** 30 s, 1 min, 2 min, … capped at an hour: rides out an outage without hammering the service. */
export const defaultBackoffMs = (attempt: number): number =>
  Math.min(30_000 * 2 ** (attempt - 1), 3_600_000);

export function createJobWorker(opts: JobWorkerOptions): JobWorker {
  const { deps, handlers } = opts;
  const workerId = opts.workerId ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const pollIntervalMs = opts.pollIntervalMs ?? 1000;
  const batchSize = opts.batchSize ?? 10;
  const leaseMs = opts.leaseMs ?? 5 * 60_000;
  const backoffMs = opts.backoffMs ?? defaultBackoffMs;
  // A bad custom backoff must not turn into an unwritable run_at that leaves the job stuck.
  const retryDelay = (attempt: number) => {
    const ms = backoffMs(attempt);
    return Number.isFinite(ms) ? Math.max(0, ms) : defaultBackoffMs(attempt);
  };

  async function runJob(job: JobRow): Promise<void> {
    const fields = { jobId: job.id, job: job.name };
    const handler = Object.hasOwn(handlers, job.name) ? handlers[job.name] : undefined;
    let failure: unknown;
    try {
      if (!handler) throw new Error(`no handler for job ${job.name}`);
      const context: JobContext = {
        id: job.id,
        name: job.name,
        attempt: job.attempts,
        maxAttempts: job.maxAttempts,
      };
      await handler({ ...deps, log: withFields(deps.log, fields) }, job.payload, context);
    } catch (err) {
      failure = err ?? new Error('job handler threw without a reason');
    }
    // The outcome is written with the clock of when the handler ended, not when it was claimed.
    const now = deps.now();
    try {
      let recorded: boolean;
      if (failure === undefined) {
        recorded = await markJobDone(deps.db, job, workerId, now);
      } else {
        const final = job.attempts >= job.maxAttempts;
        const retryAt = final ? null : new Date(now + retryDelay(job.attempts));
        recorded = await markJobFailed(deps.db, job, workerId, {
          now,
          error: errorMessage(failure),
          retryAt,
        });
        const entry = { ...fields, attempts: job.attempts, err: failure };
        if (final) deps.log.error(entry, 'job failed permanently');
        else deps.log.warn({ ...entry, retryAt: retryAt?.toISOString() }, 'job failed; will retry');
      }
      if (!recorded) {
        const msg = 'job lease lost before it finished; outcome discarded';
        deps.log.warn({ ...fields, workerId }, msg);
      }
    } catch (err) {
      // The job stays 'running' and is picked up again once its lease expires.
      deps.log.warn({ ...fields, err }, 'could not record the job outcome');
    }
  }

  /** Claims and runs batches until nothing is due or `keepGoing` says stop. */
  async function drain(keepGoing: () => boolean): Promise<number> {
    let ran = 0;
    while (keepGoing()) {
      const claimed = await claimJobs(deps.db, {
        workerId,
        now: deps.now(),
        leaseMs,
        limit: batchSize,
      });
      if (claimed.length === 0) break;
      // The whole batch shares one lease, so its jobs run side by side rather than one by one.
      await Promise.all(claimed.map(runJob));
      ran += claimed.length;
    }
    return ran;
  }

  // Drains of one worker run one after another: a poll and a direct runDue() never overlap, and
  // stop() can wait for whatever is in progress by awaiting the tail of this chain.
  let tail: Promise<unknown> = Promise.resolve();
  function serial(keepGoing: () => boolean): Promise<number> {
    const run = tail.then(() => drain(keepGoing));
    tail = run.catch(() => {});
    return run;
  }

  let started = false;
  let polling = false;
  let wakeAgain = false;
  let timer: NodeJS.Timeout | undefined;
  let unsubscribe: (() => void) | undefined;

  function schedule(delayMs: number): void {
    clearTimeout(timer);
    timer = started ? setTimeout(poll, delayMs).unref() : undefined;
  }

  function poll(): void {
    if (!started) return;
    // A signal during a poll must not be lost: the job it announces may have committed after the
    // running claim looked, so one more pass follows.
    if (polling) {
      wakeAgain = true;
      return;
    }
    polling = true;
    clearTimeout(timer);
    void (async () => {
      try {
        do {
          wakeAgain = false;
          try {
            await serial(() => started);
          } catch (err) {
            // Typically the database is unreachable; the next tick tries again.
            deps.log.warn({ err, workerId }, 'job polling failed');
          }
        } while (wakeAgain && started);
      } finally {
        polling = false;
        schedule(pollIntervalMs);
      }
    })();
  }

  return {
    start() {
      if (started) return;
      started = true;
      unsubscribe = onJobsEnqueued(poll);
      // Right away, for the jobs left from before a restart; deferred so start() stays synchronous.
      schedule(0);
    },
    runDue: () => serial(() => true),
    async stop() {
      started = false;
      clearTimeout(timer);
      timer = undefined;
      unsubscribe?.();
      unsubscribe = undefined;
      await tail;
    },
  };
}

function errorMessage(err: unknown): string {
  // Only the message: stacks are for the logs, and last_error is shown to admins.
  if (err instanceof Error) return err.message || err.name;
  return typeof err === 'string' ? err : String(err);
}

/** The deps logger with the job's identity on every line, so handler logs can be traced to it. */
function withFields(log: Logger, fields: Record<string, unknown>): Logger {
  const merge = (obj: unknown): unknown => {
    if (obj instanceof Error) return { ...fields, err: obj };
    if (typeof obj === 'object' && obj !== null) return { ...fields, ...obj };
    return { ...fields, value: obj };
  };
  const call = (level: keyof Logger) => (obj: unknown, msg?: string) => {
    // pino's log(message) form: keep the string as the message rather than losing it.
    if (typeof obj === 'string' && msg === undefined) log[level](fields, obj);
    else log[level](merge(obj), msg);
  };
  return { info: call('info'), warn: call('warn'), error: call('error') };
}
