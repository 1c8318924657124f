import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { aiGenerations } from '../../db/schema';
import {
  defineJob,
  deleteFilesLater,
  inTransaction,
  type DbOrTx,
  type JobDefinition,
  type ModuleDeps,
} from '../core';

/**
 * Generated pictures are kept a week for the member to pick from; then their files are deleted
 * (the row stays, with its count, for the month's allowance). A picture added to a post was copied
 * into the post's own files (catalog), so it is not affected.
 */
export const discardGenerationJob = defineJob(
  'ai.discard-generation',
  z.object({ generationId: z.string() }),
  discardGeneration,
);
export const UNUSED_IMAGE_KEEP_MS = 7 * 24 * 60 * 60 * 1000;

async function discardGeneration(
  deps: ModuleDeps,
  { generationId }: { generationId: string },
): Promise<void> {
  await inTransaction(deps, async (tx) => {
    const [row] = await tx.db
      .select({ keys: aiGenerations.keys })
      .from(aiGenerations)
      .where(eq(aiGenerations.id, generationId))
      .for('update');
    // Gone with its member (whose deletion queued the files) or already discarded.
    if (!row || row.keys.length === 0) return;
    await deleteFilesLater(tx, row.keys);
    await tx.db
      .update(aiGenerations)
      .set({ urls: [], keys: [] })
      .where(eq(aiGenerations.id, generationId));
  });
}

/**
 * Part of deleting a member, in the caller's transaction: their generated pictures' files are
 * queued for deletion (the rows go with the account through ON DELETE CASCADE).
 */
export async function forgetGenerationsOf(
  tx: Pick<ModuleDeps, 'db' | 'now'> & { db: DbOrTx },
  userId: string,
): Promise<void> {
  const rows = await tx.db
    .select({ keys: aiGenerations.keys })
    .from(aiGenerations)
    .where(eq(aiGenerations.userId, userId));
  await deleteFilesLater(
    tx,
    rows.flatMap((r) => r.keys),
  );
}

export const aiJobs: readonly JobDefinition[] = [discardGenerationJob];
