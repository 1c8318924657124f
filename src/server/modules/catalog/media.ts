import { eq } from 'drizzle-orm';
import type { Product } from '../../../shared/contracts/catalog';
import { PRODUCT_LIMITS, type MediaType } from '../../../shared/contracts/catalog-rules';
import { products, type StoredMedia } from '../../db/schema';
import {
  deleteFilesLater,
  inTransaction,
  notFound,
  nowDate,
  validationError,
  type DbOrTx,
  type ModuleDeps,
} from '../core';
import { invalidateCatalog } from './cache';
import { deleteQuietly, prepareMedia, type PreparedMedia } from './media-store';

export { prepareMedia, type PreparedMedia };
import {
  canManage,
  lockManagedProduct,
  productNotFound,
  readProductWithOwner,
  type Actor,
} from './ownership';
import { toProduct } from './rows';
import { forbidden } from '../core';
import { isUuid } from '../../../shared/contracts/common';

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
  if (!isUuid(productId)) throw productNotFound();
  const [row] = await db
    .select({ userId: products.userId, medias: products.medias })
    .from(products)
    .where(eq(products.id, productId))
    .limit(1);
  if (!row) throw productNotFound();
  if (!canManage(actor, row.userId))
    throw forbidden('You can only change your own posts.', 'NOT_OWNER');
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
  let saved;
  try {
    saved = await inTransaction(deps, async (tx) => {
      const current = await lockManagedProduct(tx.db, actor, productId);
      if (current.medias.length >= PRODUCT_LIMITS.mediasMax) throw mediaLimitReached();
      if (current.medias.some((m) => media.keys.some((k) => m.keys.includes(k)))) {
        throw validationError('This file is already part of the post.', 'UPLOAD_INVALID');
      }
      await tx.db
        .update(products)
        .set({ medias: [...current.medias, media], updatedAt: nowDate(tx) })
        .where(eq(products.id, current.id));
      // The original upload of an image is no longer needed once its variants are referenced.
      if (media.type === 'image' && uploadKey) await deleteFilesLater(tx, [uploadKey]);
      return readProductWithOwner(tx.db, current.id);
    });
  } catch (err) {
    await deleteQuietly(deps, prepared.written);
    throw err;
  }
  invalidateCatalog(deps);
  return toProduct(saved);
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
  const saved = await inTransaction(deps, async (tx) => {
    const current = await lockManagedProduct(tx.db, actor, input.productId);
    const media = current.medias.find((m) => m.id === input.mediaId);
    if (!media) throw mediaNotFound();
    await tx.db
      .update(products)
      .set({
        medias: current.medias.filter((m) => m.id !== media.id),
        updatedAt: nowDate(tx),
      })
      .where(eq(products.id, current.id));
    await deleteFilesLater(tx, media.keys);
    return readProductWithOwner(tx.db, current.id);
  });
  invalidateCatalog(deps);
  return toProduct(saved);
}
