import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { products, type StoredMedia } from '../../src/server/db/schema';
import type { ProductInput } from '../../src/shared/contracts/catalog';
import { productInput, type Product } from '../../src/shared/contracts/catalog';
import { saveProduct, type Actor } from '../../src/server/modules/catalog';
import type { TestApp } from '../helpers/app';

let sequence = 0;

/** A post for `owner`, saved through the module (published unless told otherwise). */
export async function createProduct(
  t: TestApp,
  owner: Actor,
  input: Partial<ProductInput> = {},
): Promise<Product> {
  sequence += 1;
  const parsed = productInput.parse({
    title: `Test post ${sequence}`,
    description: 'A thing worth buying.',
    price: 19.99,
    shippingCost: 4.5,
    stock: 3,
    ...input,
  });
  return saveProduct(t.moduleDeps(), owner, parsed);
}

/**
 * Gives a post `count` stored images (files written to the app's storage, rows updated directly),
 * as the upload flow would, so deleting the post has files to remove. Returns their storage keys.
 */
export async function attachStoredImages(
  t: TestApp,
  productId: string,
  count = 1,
): Promise<string[]> {
  const medias: StoredMedia[] = [];
  for (let i = 0; i < count; i++) {
    const id = randomUUID();
    const thumb = await t.deps.storage.put(
      `products/${productId}/${id}-thumb.webp`,
      Buffer.from('thumb'),
      'image/webp',
    );
    const full = await t.deps.storage.put(
      `products/${productId}/${id}-full.webp`,
      Buffer.from('full'),
      'image/webp',
    );
    medias.push({
      id,
      type: 'image',
      alt: `Photo ${i + 1}`,
      thumbnails: [{ url: thumb.url, width: 400 }],
      fullsizes: [{ url: full.url, width: 1600 }],
      width: 1600,
      height: 1200,
      keys: [thumb.key, full.key],
    });
  }
  await t.deps.database.db.update(products).set({ medias }).where(eq(products.id, productId));
  return medias.flatMap((m) => m.keys);
}

/** Where the local storage driver keeps `key` (tests check files appear and disappear). */
export const storedPath = (t: TestApp, key: string) => path.join(t.dataDir, 'media', key);
