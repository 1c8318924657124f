import { eq } from 'drizzle-orm';
import type { MySite } from '../../../shared/contracts/sites';
import { ImageRejectedError } from '../../adapters/images/process';
import { storeImage, type StoredImage } from '../../adapters/images/store-image';
import { sites } from '../../db/schema';
import {
  announceChange,
  deleteFilesLater,
  inTransaction,
  nowDate,
  validationError,
  type ModuleDeps,
} from '../core';
import { getMySite } from './read';
import { lockSiteOf } from './update';

/**
 * Checks an uploaded logo by its bytes (type, size, pixels) and stores its two WebP variants. The
 * thumbnail keeps the whole logo (a wide wordmark is not cropped to a square); transparency stays.
 * Slow (image work), so it runs before any transaction.
 */
export async function storeSiteLogo(
  deps: Pick<ModuleDeps, 'storage'>,
  userId: string,
  image: Buffer,
): Promise<StoredImage> {
  try {
    return await storeImage(deps.storage, `logos/${userId}`, image, { thumbnailFit: 'contain' });
  } catch (err) {
    if (err instanceof ImageRejectedError) throw validationError(err.message, 'IMAGE_REJECTED');
    throw err;
  }
}

/**
 * Points the owner's site at a stored logo, inside the caller's transaction, and queues the
 * replaced logo's files for deletion with it (a crash can neither keep a reference to deleted
 * files nor forget the old ones).
 */
export async function attachSiteLogo(
  tx: Pick<ModuleDeps, 'db' | 'now'>,
  userId: string,
  logo: StoredImage,
): Promise<void> {
  const current = await lockSiteOf(tx.db, userId);
  await tx.db
    .update(sites)
    .set({
      imageThumbnail: logo.thumbnail,
      imageFullsize: logo.fullsize,
      imageKeys: logo.keys,
      updatedAt: nowDate(tx),
    })
    .where(eq(sites.id, current.id));
  await deleteFilesLater(tx, current.imageKeys);
}

/** PUT /sites/media: a new logo for the owner's own site. */
export async function uploadSiteLogo(
  deps: ModuleDeps,
  userId: string,
  image: Buffer,
): Promise<MySite> {
  const logo = await storeSiteLogo(deps, userId, image);
  try {
    await inTransaction(deps, (tx) => attachSiteLogo(tx, userId, logo));
  } catch (err) {
    // Nothing refers to the new files: they go the same durable way as replaced ones.
    await deleteFilesLater(deps, logo.keys);
    throw err;
  }
  announceChange(deps, { kind: 'site', userIds: [userId] });
  return getMySite(deps, userId);
}
