import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { performance } from 'node:perf_hooks';
import type { JobRow } from '../../../db/schema';
import type { Logger, ModuleDeps } from '../deps';
import { payloadProblem, type JobContext, type JobRegistry } from './define';
import { keepLeases, type Lease } from './lease';
import { claimJobs, jobLogFields, markJobDone, markJobFailed } from './queue';
import { onJobsEnqueued } from './signal';
import { jobMail } from './job-mail';

/** How a run ended: `retry` failed and will run again, `failed` failed for good. */
export type JobOutcome = 'done' | 'retry' | 'failed';

export interface JobWorkerOptions {
  /** Base deps; `db` is the database handle, never a transaction. */
  deps: ModuleDeps;
  /** The jobs it can run (jobRegistry); a job of another name is retried, then fails. */
  jobs: JobRegistry;
  workerId?: string;
  pollIntervalMs?: number;
  batchSize?: number;
  /**
   * How long a claim is honoured without a heartbeat: a job still 'running' this long after its
   * last renewal is taken as abandoned (its worker died) and runs again.
   */
  leaseMs?: number;
  /** How often the lease of a running job is renewed (default: a third of the lease). */
  heartbeatMs?: number;
  backoffMs?: (attempt: number) => number;
  /** Told of each run's outcome and duration (metrics); it must not throw. */
  onRun?: (name: string, outcome: JobOutcome, seconds: number) => void;
}

export interface JobWorker {
  start(): void;
  runDue(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * 30 s, renewed every 10 s: a job whose worker was killed runs again about 30 s later (plus a
 * poll), while a live worker survives two missed heartbeats (a database hiccup, a busy loop).
 */
export const DEFAULT_LEASE_MS = 30_000;

/** 30 s, 1 min, 2 min, … capped at an hour: rides out an outage without hammering the service. */
export const defaultBackoffMs = (attempt: number): number =>
  Math.min(30_000 * 2 ** (attempt - 1), 3_600_000);

/** Why a run failed, and whether trying again could help. */
interface Failure {
  error: unknown;
  final: boolean;
}

export function createJobWorker(opts: JobWorkerOptions): JobWorker {
  const { deps, jobs } = opts;
  const workerId = opts.workerId ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const pollIntervalMs = opts.pollIntervalMs ?? 1000;
  const batchSize = opts.batchSize ?? 10;
  const leaseMs = opts.leaseMs ?? DEFAULT_LEASE_MS;
  const heartbeatMs = opts.heartbeatMs ?? Math.floor(leaseMs / 3);
  if (!(heartbeatMs > 0 && heartbeatMs < leaseMs)) {
    throw new RangeError(
      `heartbeatMs must be within the lease (${leaseMs} ms), got ${heartbeatMs}`,
    );
  }
  const backoffMs = opts.backoffMs ?? defaultBackoffMs;
  // A bad custom backoff must not turn into an unwritable run_at that leaves the job stuck.
  const retryDelay = (attempt: number) => {
    const ms = backoffMs(attempt);
    return Number.isFinite(ms) ? Math.max(0, ms) : defaultBackoffMs(attempt);
  };

  /** Runs the job's handler on its checked payload; resolves how it failed, if it did. */
  async function attempt(job: JobRow, log: Logger): Promise<Failure | undefined> {
    const definition = jobs.get(job.name);
    // Not final: during a rolling deploy an older instance may claim a job only newer ones know.
    if (!definition) return { error: new Error(`no handler for job ${job.name}`), final: false };
    try {
      const parsed = definition.schema.safeParse(job.payload);
      if (!parsed.success) {
        // The same payload would fail the same way on every try.
        const why = `invalid payload for job ${job.name}: ${payloadProblem(parsed.error)}`;
        return { error: new Error(why), final: true };
      }
      const context: JobContext = {
        id: job.id,
        name: job.name,
        attempt: job.attempts,
        maxAttempts: job.maxAttempts,
      };
      // The request the job was enqueued for travels on to the jobs this one enqueues.
      const jobDeps = {
        ...deps,
        log,
        requestId: job.requestId ?? undefined,
        // A retry sends the same messages again: with the same Message-IDs (job-mail.ts).
        mail: jobMail(deps.mail, job.id, deps.env),
      };
      await definition.handle(jobDeps, parsed.data, context);
      return undefined;
    } catch (err) {
      return { error: err ?? new Error('job handler threw without a reason'), final: false };
    }
  }

  async function runJob(job: JobRow, lease: Lease): Promise<void> {
    const log = withFields(deps.log, jobLogFields(job));
    const started = performance.now();
    const failure = await attempt(job, log);
    const seconds = (performance.now() - started) / 1000;
    lease.finished(job);
    // The outcome is written with the clock of when the handler ended, not when it was claimed.
    const now = deps.now();
    const final = failure !== undefined && (failure.final || job.attempts >= job.maxAttempts);
    const outcome: JobOutcome = failure === undefined ? 'done' : final ? 'failed' : 'retry';
    try {
      let recorded: boolean;
      if (failure === undefined) {
        recorded = await markJobDone(deps.db, job, workerId, now);
        log.info({ attempts: job.attempts, ms: Math.round(seconds * 1000) }, 'job done');
      } else {
        const retryAt = final ? null : new Date(now + retryDelay(job.attempts));
        recorded = await markJobFailed(deps.db, job, workerId, {
          now,
          error: errorMessage(failure.error),
          retryAt,
        });
        const entry = { attempts: job.attempts, err: failure.error };
        if (final) log.error(entry, 'job failed permanently');
        else log.warn({ ...entry, retryAt: retryAt?.toISOString() }, 'job failed; will retry');
      }
      if (!recorded) log.warn({ workerId }, 'job lease lost before it finished; outcome discarded');
    } catch (err) {
      // The job stays 'running' and is picked up again once its lease expires.
      log.warn({ err }, 'could not record the job outcome');
    }
    try {
      opts.onRun?.(job.name, outcome, seconds);
    } catch (err) {
      log.warn({ err }, 'the job run observer failed');
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
      const lease = keepLeases({ deps, workerId, leaseMs, heartbeatMs }, claimed);
      try {
        await Promise.all(claimed.map((job) => runJob(job, lease)));
      } finally {
        await lease.stop();
      }
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
  /** Polls failed in a row: the first is logged, and the one that works again. */
  let failedPolls = 0;
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
            if (failedPolls > 0) {
              deps.log.info({ workerId, failedPolls }, 'job polling resumed');
              failedPolls = 0;
            }
          } catch (err) {
            // Typically the database is unreachable; the next tick tries again. One line per
            // outage, not one a second for as long as it lasts.
            if (failedPolls++ === 0) deps.log.warn({ err, workerId }, 'job polling failed');
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
