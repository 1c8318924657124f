import { eq, sql } from 'drizzle-orm';
import type { AiImageQuery, AiImageResult } from '../../../shared/contracts/ai';
import {
  AiProviderError,
  PromptRejectedError,
  type GeneratedImage,
} from '../../adapters/ai-images/types';
import { ImageRejectedError } from '../../adapters/images/process';
import { storeImage, type StoredImage } from '../../adapters/images/store-image';
import { aiGenerations } from '../../db/schema';
import {
  enqueueJob,
  inTransaction,
  nowDate,
  unavailable,
  validationError,
  type ModuleDeps,
} from '../core';
import { planOf } from '../entitlements';
import { allowanceError, usedThisMonth } from './allowance';
import { discardGenerationJob, UNUSED_IMAGE_KEEP_MS } from './jobs';
import { generatorNotice } from './notice';

const PROVIDER_FAILED =
  'The image service could not make images right now. Please try again later.';

/** The driver's failures as the API's: a refused prompt is the member's to change (400), the rest 503. */
function asDomainError(err: unknown): unknown {
  if (err instanceof PromptRejectedError) return validationError(err.message, 'PROMPT_REJECTED');
  if (err instanceof AiProviderError) return unavailable(err.message, 'AI_PROVIDER_ERROR');
  // A provider answering something that is not an image is its failure, not the member's.
  if (err instanceof ImageRejectedError) return unavailable(PROVIDER_FAILED, 'AI_PROVIDER_ERROR');
  return err;
}

/**
 * Counts the pictures against this month's allowance before any is made: under a per-member lock,
 * so two requests at once cannot both take the last ones. The row is the reservation; it is
 * removed again if the generation fails.
 */
async function reserve(deps: ModuleDeps, userId: string, query: AiImageQuery): Promise<string> {
  const plan = await planOf(deps, userId);
  return inTransaction(deps, async (tx) => {
    await tx.db.execute(sql`select pg_advisory_xact_lock(hashtext(${`ai-images:${userId}`}))`);
    const used = await usedThisMonth(tx.db, userId, deps.now());
    if (used + query.n > plan.limits.aiImagesPerMonth) throw allowanceError(plan, used, query.n);
    const [row] = await tx.db
      .insert(aiGenerations)
      .values({
        userId,
        prompt: query.prompt,
        count: query.n,
        driver: deps.aiImages.name,
        urls: [],
        keys: [],
        createdAt: nowDate(deps),
      })
      .returning({ id: aiGenerations.id });
    return row!.id;
  });
}

/** Stores each picture as our own files (a 320 px preview and the full image, WebP), all or none. */
async function storeAll(
  deps: ModuleDeps,
  prefix: string,
  images: GeneratedImage[],
): Promise<StoredImage[]> {
  const stored: StoredImage[] = [];
  try {
    // One at a time: each is decoded and re-encoded, which is CPU work.
    for (const image of images) stored.push(await storeImage(deps.storage, prefix, image.bytes));
    return stored;
  } catch (err) {
    await Promise.allSettled(stored.flatMap((s) => s.keys).map((k) => deps.storage.delete(k)));
    throw err;
  }
}

/**
 * GET /ai/image: `n` pictures for the prompt from the configured driver, stored through the
 * storage adapter (so their URLs are this site's), recorded against the member's monthly
 * allowance. Pictures that no post takes are deleted after a week (jobs.ts).
 */
export async function generateImages(
  deps: ModuleDeps,
  userId: string,
  query: AiImageQuery,
): Promise<AiImageResult> {
  const generationId = await reserve(deps, userId, query);
  let stored: StoredImage[];
  try {
    const images = await deps.aiImages.generate(query.prompt, query.n);
    stored = await storeAll(deps, `ai/${userId}/${generationId}`, images.slice(0, query.n));
  } catch (err) {
    await deps.db.delete(aiGenerations).where(eq(aiGenerations.id, generationId));
    if (!(err instanceof PromptRejectedError)) {
      deps.log.warn({ err, driver: deps.aiImages.name }, 'AI image generation failed');
    }
    throw asDomainError(err);
  }
  const urls = stored.map((s) => s.fullsize);
  const keys = stored.flatMap((s) => s.keys);
  try {
    await inTransaction(deps, async (tx) => {
      await tx.db
        .update(aiGenerations)
        .set({ urls, keys, count: stored.length })
        .where(eq(aiGenerations.id, generationId));
      await enqueueJob(
        tx,
        discardGenerationJob,
        { generationId },
        { runAt: new Date(deps.now() + UNUSED_IMAGE_KEEP_MS) },
      );
    });
  } catch (err) {
    // Files no row refers to would never be deleted: remove them now.
    await Promise.allSettled(keys.map((k) => deps.storage.delete(k)));
    throw err;
  }
  const plan = await planOf(deps, userId);
  const used = await usedThisMonth(deps.db, userId, deps.now());
  return {
    urls,
    images: stored.map((s) => ({ url: s.fullsize, thumbnail: s.thumbnail })),
    prompt: query.prompt,
    generator: deps.aiImages.name,
    notice: generatorNotice(deps.aiImages.name),
    planName: plan.name,
    perMonth: plan.limits.aiImagesPerMonth,
    remainingThisMonth: Math.max(0, plan.limits.aiImagesPerMonth - used),
  };
}
