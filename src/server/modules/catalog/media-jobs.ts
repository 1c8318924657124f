import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { products } from '../../db/schema';
import { defineJob, inTransaction, type JobDefinition } from '../core';

/**
 * An upload link's file that never became part of its post (the editor was closed, the file was
 * refused by the browser, the save failed) is deleted a day after the link was issued, unless by
 * then the post refers to it (video and audio are kept under their upload key).
 */
export const UPLOAD_GRACE_MS = 24 * 60 * 60 * 1000;

export const discardUploadJob = defineJob(
  'catalog.discard-upload',
  z.object({ productId: z.string(), key: z.string() }),
  async (deps, { productId, key }) => {
    // Under the post's row lock, so an item being attached right now is seen or waits for us.
    await inTransaction(deps, async (tx) => {
      const [row] = await tx.db
        .select({ medias: products.medias })
        .from(products)
        .where(eq(products.id, productId))
        .for('update');
      if (row?.medias.some((m) => m.keys.includes(key))) return;
      await deps.storage.delete(key);
    });
  },
);

export const catalogJobs: readonly JobDefinition[] = [discardUploadJob];
