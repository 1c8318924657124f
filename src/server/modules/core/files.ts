import { z } from 'zod';
import { defineJob, enqueueJob, type JobDefinition } from './jobs';
import type { ModuleDeps } from './deps';

/**
 * Stored files that no row refers to any more (a replaced avatar, a deleted post's media) are
 * removed by a job: enqueued in the same transaction that drops the reference, so a crash can
 * neither leave a row pointing at deleted files nor forget the files; a storage outage retries.
 */
export const deleteFilesJob = defineJob(
  'core.delete-files',
  z.object({ keys: z.array(z.string()) }),
  async (deps, { keys }) => {
    // Deleting a missing object is not an error, so a retry after a partial run is safe.
    for (const key of keys) await deps.storage.delete(key);
  },
);

export async function deleteFilesLater(
  deps: Pick<ModuleDeps, 'db' | 'now'>,
  keys: readonly string[],
): Promise<void> {
  if (keys.length > 0) await enqueueJob(deps, deleteFilesJob, { keys: [...keys] });
}

export const coreJobs: readonly JobDefinition[] = [deleteFilesJob];
