import { and, eq, sql } from 'drizzle-orm';
import type { GeneratedMediaInput } from '../../../shared/contracts/ai';
import type { Product } from '../../../shared/contracts/catalog';
import { aiGenerations } from '../../db/schema';
import { notFound, type DbOrTx, type ModuleDeps } from '../core';
import { addMediaFromBuffer, type Actor } from '../catalog';

const notYours = () =>
  notFound(
    'This is not a picture you generated, or it was deleted (unused pictures are kept for a week). Generate a new one.',
    'GENERATED_IMAGE_NOT_FOUND',
  );

/** The storage key of the full picture behind `url`, if `userId` generated it and it is kept. */
async function ownImageKey(
  deps: Pick<ModuleDeps, 'storage'> & { db: DbOrTx },
  userId: string,
  url: string,
): Promise<string | null> {
  const [row] = await deps.db
    .select({ keys: aiGenerations.keys })
    .from(aiGenerations)
    .where(
      and(
        eq(aiGenerations.userId, userId),
        sql`${aiGenerations.urls} @> ${JSON.stringify([url])}::jsonb`,
      ),
    )
    .limit(1);
  return row?.keys.find((key) => deps.storage.publicUrl(key) === url) ?? null;
}

/**
 * PUT /products/media/generated: one of the caller's own generated pictures becomes a photo of a
 * post they manage. It goes through the catalog's one media pipeline (checked, re-encoded into the
 * post's own variants) and is marked `aiGenerated`, which the post shows as a badge. Only the
 * member who generated a picture can use it, whoever's post it is (admins edit others' posts).
 */
export async function addGeneratedImageToPost(
  deps: ModuleDeps,
  actor: Actor,
  input: GeneratedMediaInput,
): Promise<Product> {
  const key = await ownImageKey(deps, actor.id, input.url);
  if (!key) throw notYours();
  const body = await deps.storage.read(key);
  if (!body) throw notYours();
  const { product } = await addMediaFromBuffer(deps, actor, {
    productId: input.productId,
    type: 'image',
    body,
    alt: input.alt,
    aiGenerated: true,
  });
  return product;
}
