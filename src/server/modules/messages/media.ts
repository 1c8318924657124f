import type { StoredMedia } from '../../db/schema';
import { storeImages, type ModuleDeps } from '../core';

/** The images of a message, stored under `messages/<author>/` (core/images.ts checks them). */
export function storeMessageImages(
  deps: Pick<ModuleDeps, 'storage'>,
  authorId: string,
  images: readonly Buffer[],
): Promise<StoredMedia[]> {
  return storeImages(deps, `messages/${authorId}`, images);
}
