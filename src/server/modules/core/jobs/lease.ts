import type { JobRow } from '../../../db/schema';
import type { ModuleDeps } from '../deps';
import { jobLogFields, renewLeases } from './queue';

/** The heartbeat of one claimed batch (keepLeases). */
export interface Lease {
  /** The job's handler returned: its lease needs no more renewing. */
  finished(job: JobRow): void;
  /** Stops renewing, once a renewal under way has ended. */
  stop(): Promise<void>;
}

/**
 * Keeps the claims of a batch alive while its handlers run: every `heartbeatMs`, one statement
 * moves the lease of the jobs still running to `leaseMs` from now, for as long as this worker
 * holds their claims. So the lease can be short (a dead worker's jobs run again soon) while a long
 * job is never taken from a live one. A job whose claim is found lost (the lease ran out during a
 * stall and another worker took it) is dropped from the beat: its outcome will be discarded.
 */
export function keepLeases(
  opts: {
    deps: Pick<ModuleDeps, 'db' | 'now' | 'log'>;
    workerId: string;
    leaseMs: number;
    heartbeatMs: number;
  },
  batch: readonly JobRow[],
): Lease {
  const { deps, workerId, leaseMs } = opts;
  const live = new Set(batch);
  let beating: Promise<void> | undefined;

  async function beat() {
    const now = deps.now();
    try {
      const renewed = await renewLeases(deps.db, [...live], workerId, {
        now,
        lockedUntil: now + leaseMs,
      });
      for (const job of live) {
        if (renewed.has(job.id)) continue;
        live.delete(job);
        const fields = { ...jobLogFields(job), workerId };
        deps.log.warn(fields, 'job lease lost while running; another worker may run it too');
      }
    } catch (err) {
      // Typically the database is away; the lease still holds for a beat or two.
      deps.log.warn({ err, workerId }, 'could not renew job leases');
    }
  }

  const timer = setInterval(() => {
    // One renewal at a time: a slow database does not pile them up.
    if (!beating && live.size > 0) beating = beat().finally(() => (beating = undefined));
  }, opts.heartbeatMs).unref();

  return {
    finished: (job) => void live.delete(job),
    async stop() {
      clearInterval(timer);
      await beating;
    },
  };
}
