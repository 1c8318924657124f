import { enqueueJob, type JobHandlers } from './jobs';
import type { ModuleDeps } from './deps';

/**
 * Stored files that no row refers to any more (a replaced avatar, a deleted post's media) are
 * removed by a job: enqueued in the same transaction that drops the reference, so a crash can
 * neither leave a row pointing at deleted files nor forget the files; a storage outage retries.
 */
export const DELETE_FILES_JOB = 'core.delete-files';

export async function deleteFilesLater(
  deps: Pick<ModuleDeps, 'db' | 'now'>,
  keys: readonly string[],
): Promise<void> {
  if (keys.length > 0) await enqueueJob(deps, DELETE_FILES_JOB, { keys: [...keys] });
}

async function deleteFiles(deps: ModuleDeps, payload: unknown): Promise<void> {
  const keys = (payload as { keys?: unknown } | null)?.keys;
  if (!Array.isArray(keys)) throw new Error('malformed delete-files job');
  // Deleting a missing object is not an error, so a retry after a partial run is safe.
  for (const key of keys) if (typeof key === 'string') await deps.storage.delete(key);
}

export const coreJobs: JobHandlers = { [DELETE_FILES_JOB]: deleteFiles };
