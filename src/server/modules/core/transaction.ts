import type { ModuleDeps } from './deps';
import { signalJobsEnqueued } from './jobs/signal';

/**
 * Runs `work` in one database transaction with deps whose `db` is that transaction: every row it
 * writes, in any module it calls, and every job it enqueues commit together or not at all. Called
 * inside another transaction it nests as a savepoint.
 */
export async function inTransaction<D extends Pick<ModuleDeps, 'db'>, T>(
  deps: D,
  work: (tx: D) => Promise<T>,
): Promise<T> {
  const result = await deps.db.transaction((tx) => work({ ...deps, db: tx }));
  // Jobs enqueued in the transaction only became visible now; wake this process's workers for
  // them. Cheap when nothing was enqueued (one coalesced claim query), and a no-op without workers.
  signalJobsEnqueued();
  return result;
}
