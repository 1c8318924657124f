import type { Product } from '../../../shared/contracts/catalog';
import { PRODUCT_LIMITS, type MediaType } from '../../../shared/contracts/catalog-rules';
import type { StoredMedia } from '../../db/schema';
import { deleteFilesLater, notFound, validationError, type DbOrTx, type ModuleDeps } from '../core';
import { deleteQuietly, prepareMedia, type PreparedMedia } from './media-store';
import { changeManagedProduct, findManagedProduct, type Actor } from './ownership';

export { prepareMedia, type PreparedMedia };

export const mediaLimitReached = () =>
  validationError(
    `A post can have at most ${PRODUCT_LIMITS.mediasMax} photos and files. Remove one to add another.`,
  );

/**
 * The post `productId` if `actor` may add media to it now (owner or admin, room left); a cheap
 * check before the slow work, repeated under the row lock when the media is appended.
 */
export async function assertCanAddMedia(
  db: DbOrTx,
  actor: Actor,
  productId: string,
): Promise<void> {
  const row = await findManagedProduct(db, actor, productId, 'read');
  if (row.medias.length >= PRODUCT_LIMITS.mediasMax) throw mediaLimitReached();
}

export interface AddMediaInput {
  productId: string;
  /** What the file is meant to be (from its extension); its bytes must agree. */
  type: MediaType;
  body: Buffer;
  alt: string;
  /** The storage key the bytes came from (an upload): video and audio stay there, images are re-encoded and it is deleted. */
  uploadKey?: string;
  /** A picture from the AI image generator (ai module): shown with an "AI generated" badge. */
  aiGenerated?: boolean;
}

/**
 * The one media pipeline (PUT /products/media and the demo seed): checks the bytes, stores what
 * the post keeps (images as WebP variants), then appends the item to the post under its row lock
 * with the owner/admin and count rules. If anything fails, the files this call stored are deleted
 * and the post is unchanged.
 */
export async function addMediaFromBuffer(
  deps: ModuleDeps,
  actor: Actor,
  input: AddMediaInput,
): Promise<{ product: Product; media: StoredMedia }> {
  await assertCanAddMedia(deps.db, actor, input.productId);
  const prepared = await prepareMedia(deps, {
    productId: input.productId,
    type: input.type,
    body: input.body,
    alt: input.alt,
    aiGenerated: input.aiGenerated,
    ...(input.type !== 'image' && input.uploadKey ? { keepKey: input.uploadKey } : {}),
  });
  const product = await attachMedia(deps, actor, input.productId, prepared, input.uploadKey);
  return { product, media: prepared.media };
}

/**
 * The second half of the pipeline: appends a prepared item to the post under its row lock (owner
 * or admin, room left, not already there), queues the image's original upload for deletion, and
 * on any failure deletes the files `prepareMedia` stored, leaving the post unchanged. The demo
 * seed prepares many photos at once and attaches them one by one.
 */
export async function attachMedia(
  deps: ModuleDeps,
  actor: Actor,
  productId: string,
  prepared: PreparedMedia,
  uploadKey?: string,
): Promise<Product> {
  const { media } = prepared;
  try {
    return await changeManagedProduct(deps, actor, productId, async (current, tx) => {
      if (current.medias.length >= PRODUCT_LIMITS.mediasMax) throw mediaLimitReached();
      if (current.medias.some((m) => media.keys.some((k) => m.keys.includes(k)))) {
        throw validationError('This file is already part of the post.', 'UPLOAD_INVALID');
      }
      // The original upload of an image is no longer needed once its variants are referenced.
      if (media.type === 'image' && uploadKey) await deleteFilesLater(tx, [uploadKey]);
      return { medias: [...current.medias, media] };
    });
  } catch (err) {
    await deleteQuietly(deps, prepared.written);
    throw err;
  }
}

export const mediaNotFound = () =>
  notFound('This photo or file is no longer part of the post. Reload the post.', 'MEDIA_NOT_FOUND');

/**
 * DELETE /products/media: removes one item from the post (owner or admin) and queues its stored
 * files for deletion in the same transaction.
 */
export async function deleteProductMedia(
  deps: ModuleDeps,
  actor: Actor,
  input: { productId: string; mediaId: string },
): Promise<Product> {
  return changeManagedProduct(deps, actor, input.productId, async (current, tx) => {
    const media = current.medias.find((m) => m.id === input.mediaId);
    if (!media) throw mediaNotFound();
    await deleteFilesLater(tx, media.keys);
    return { medias: current.medias.filter((m) => m.id !== media.id) };
  });
}
