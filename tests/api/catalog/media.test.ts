import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, type StoredMedia } from '../../../src/server/db/schema';
import { MEDIA_MAX_BYTES, PRODUCT_LIMITS } from '../../../src/shared/contracts/catalog-rules';
import { createTestApp, type TestApp } from '../../helpers/app';
import { inject, signedInUser } from '../../factories/accounts';
import { createProduct } from '../../factories/catalog';
import {
  addMedia,
  keyOfUrl,
  mp4Bytes,
  putUpload,
  rotatedJpeg,
  smallPng,
  uploadMedia,
  uploadUrl,
  type Target,
} from './media-helpers';

let t: TestApp;
let owner: Awaited<ReturnType<typeof signedInUser>>;
beforeAll(async () => {
  t = await createTestApp();
  owner = await signedInUser(t.deps);
});
afterAll(async () => t?.close());

const newPost = async () => (await createProduct(t, owner.user))._id;
const exists = async (key: string) => (await t.deps.storage.head(key)) !== null;

async function storedMedias(productId: string): Promise<StoredMedia[]> {
  const [row] = await t.deps.database.db
    .select({ medias: products.medias })
    .from(products)
    .where(eq(products.id, productId));
  return row!.medias;
}

/** Uploads bytes under a link for `ext` and tries to add them to the post. */
async function uploadAs(productId: string, ext: string, body: Buffer) {
  const target = (await uploadUrl(t, owner.token, productId, ext)).json() as Target;
  expect((await putUpload(t, target, body)).statusCode).toBe(201);
  return { target, res: await addMedia(t, owner.token, { productId, key: target.key }) };
}

describe('PUT /products/media', () => {
  it('re-encodes an uploaded photo into WebP srcset variants, upright and without EXIF', async () => {
    const productId = await newPost();
    const { target, res } = await uploadMedia(
      t,
      owner.token,
      productId,
      await rotatedJpeg(1200, 800),
      'jpg',
      'A blue and orange mug',
    );
    expect(res.statusCode).toBe(200);
    const media = res.json().product.medias[0];
    // Orientation 6 turns the 1200×800 landscape into an 800×1200 portrait.
    expect(media).toMatchObject({
      type: 'image',
      alt: 'A blue and orange mug',
      width: 800,
      height: 1200,
    });
    expect(media.srcset.thumbnail).toMatch(
      /^\/media\/products\/\S+-t320\.webp 320w, \/media\/products\/\S+-t640\.webp 640w$/,
    );
    expect(media.srcset.fullsize).toMatch(
      /^\/media\/products\/\S+-f533\.webp 533w, \/media\/products\/\S+-f800\.webp 800w$/,
    );
    expect(media.thumbnail).toMatch(/-t320\.webp$/);
    expect(media.fullsize).toMatch(/-f800\.webp$/);

    const served = await inject(t, { method: 'GET', url: media.fullsize });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 800, height: 1200 });
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    // The left of the landscape was blue; turned clockwise it is at the top.
    const { data } = await sharp(served.rawPayload)
      .extract({ left: 400, top: 100, width: 1, height: 1 })
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(data[2]!).toBeGreaterThan(data[0]!);

    // The raw upload (with its EXIF) goes once the variants are saved.
    expect(await exists(target.key)).toBe(true);
    await t.runJobs();
    expect(await exists(target.key)).toBe(false);
    const [stored] = await storedMedias(productId);
    expect(stored!.keys).toHaveLength(4);
    for (const key of stored!.keys) expect(await exists(key)).toBe(true);
  });

  it('keeps a video as uploaded under its key', async () => {
    const productId = await newPost();
    const { target, res } = await uploadAs(productId, 'mp4', mp4Bytes());
    expect(res.statusCode).toBe(200);
    const media = res.json().product.medias[0];
    expect(media).toMatchObject({
      type: 'video',
      thumbnail: null,
      srcset: null,
      fullsize: `/media/${target.key}`,
    });
    await t.runJobs();
    expect(await exists(target.key)).toBe(true);
    // The same upload cannot become a second item.
    const again = await addMedia(t, owner.token, { productId, key: target.key });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('This file is already part of the post.');
  });

  it.each([
    ['a text file named .jpg', 'jpg', () => Buffer.from('hello, this is not a photo at all')],
    [
      'a Windows program named .jpg',
      'jpg',
      () => Buffer.concat([Buffer.from('MZ\x90\0\x03\0\0\0', 'latin1'), Buffer.alloc(200)]),
    ],
    ['a PNG named .mp4', 'mp4', smallPng],
    ['a JPEG named .mp3', 'mp3', () => rotatedJpeg(30, 20)],
  ])('refuses %s with a sentence and deletes the upload', async (_name, ext, bytes) => {
    const productId = await newPost();
    const { target, res } = await uploadAs(productId, ext, await bytes());
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(
      /^This file is not an? .+: its contents do not match its name\. Please upload the original file\.$/,
    );
    expect(await exists(target.key)).toBe(false);
    expect(await storedMedias(productId)).toEqual([]);
  });

  it('refuses a stored file above the limit of its type with 413 and deletes it', async () => {
    const productId = await newPost();
    const target = (await uploadUrl(t, owner.token, productId, 'png')).json() as Target;
    // As if it had been put straight into the bucket, past the upload route's check.
    await t.deps.storage.put(target.key, Buffer.alloc(MEDIA_MAX_BYTES.image + 1), 'image/png');
    const res = await addMedia(t, owner.token, { productId, key: target.key });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(
      'This file is too large. Image files must be 15 MB or smaller.',
    );
    expect(await exists(target.key)).toBe(false);
  });

  it("refuses someone else's post (403) and keys of another post (400), touching nothing", async () => {
    const productId = await newPost();
    const target = (await uploadUrl(t, owner.token, productId, 'png')).json() as Target;
    expect((await putUpload(t, target, await smallPng())).statusCode).toBe(201);

    const other = await signedInUser(t.deps);
    const forbidden = await addMedia(t, other.token, { productId, key: target.key });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().message).toMatch(/your own posts/);

    const theirs = (await createProduct(t, other.user))._id;
    for (const key of [target.key, `avatars/${owner.user.id}/x.png`, 'uploads/../../etc/passwd']) {
      const res = await addMedia(t, other.token, { productId: theirs, key });
      expect(res.statusCode, key).toBe(400);
      expect(res.json().message).toBe(
        'This upload does not belong to this post. Please upload the file again.',
      );
    }
    expect(await exists(target.key)).toBe(true);
    expect(await storedMedias(productId)).toEqual([]);

    const missing = await addMedia(t, owner.token, {
      productId,
      key: `uploads/${productId}/00000000-0000-4000-8000-000000000000.png`,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('We did not receive this file. Please upload it again.');
  });

  it(`stops at ${PRODUCT_LIMITS.mediasMax} items per post`, async () => {
    const productId = await newPost();
    const target = (await uploadUrl(t, owner.token, productId, 'png')).json() as Target;
    expect((await putUpload(t, target, await smallPng())).statusCode).toBe(201);
    const filler: StoredMedia = {
      id: 'x',
      type: 'image',
      alt: '',
      thumbnails: [],
      fullsizes: [],
      width: 1,
      height: 1,
      keys: [],
    };
    await t.deps.database.db
      .update(products)
      .set({
        medias: Array.from({ length: PRODUCT_LIMITS.mediasMax }, (_, i) => ({
          ...filler,
          id: `m${i}`,
        })),
      })
      .where(eq(products.id, productId));
    const res = await addMedia(t, owner.token, { productId, key: target.key });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'A post can have at most 10 photos and files. Remove one to add another.',
    );
    const link = await uploadUrl(t, owner.token, productId);
    expect(link.statusCode).toBe(400);
    expect((await storedMedias(productId)).length).toBe(PRODUCT_LIMITS.mediasMax);
  });
});

describe('DELETE /products/media', () => {
  it('removes the item and, through the job queue, its files', async () => {
    const productId = await newPost();
    const first = await uploadMedia(t, owner.token, productId, await smallPng(), 'png', 'one');
    const second = await uploadMedia(t, owner.token, productId, await smallPng(), 'png', 'two');
    const medias = second.res.json().product.medias;
    expect(first.res.statusCode).toBe(200);
    expect(medias.map((m: { alt: string }) => m.alt)).toEqual(['one', 'two']);
    const [gone] = await storedMedias(productId);

    const other = await signedInUser(t.deps);
    const url = `/api/v1/products/media?productId=${productId}&mediaId=${medias[0]._id}`;
    const refused = await inject(t, { method: 'DELETE', url, headers: other.auth });
    expect(refused.statusCode).toBe(403);

    const res = await inject(t, { method: 'DELETE', url, headers: owner.auth });
    expect(res.statusCode).toBe(200);
    expect(res.json().product.medias.map((m: { alt: string }) => m.alt)).toEqual(['two']);
    for (const key of gone!.keys) expect(await exists(key)).toBe(true);
    await t.runJobs();
    for (const key of gone!.keys) expect(await exists(key)).toBe(false);
    expect(await exists(keyOfUrl(medias[1].fullsize))).toBe(true);

    const again = await inject(t, { method: 'DELETE', url, headers: owner.auth });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(
      'This photo or file is no longer part of the post. Reload the post.',
    );
  });
});

describe('a failure midway', () => {
  /** Runs `work` with the app's storage wrapped: `onPut` sees every write first. */
  async function withStorage<T>(onPut: (key: string) => Promise<void>, work: () => Promise<T>) {
    const real = t.deps.storage;
    t.deps.storage = {
      ...real,
      name: real.name,
      put: async (key, body, type) => {
        await onPut(key);
        return real.put(key, body, type);
      },
    };
    try {
      return await work();
    } finally {
      t.deps.storage = real;
    }
  }

  async function filesOf(productId: string): Promise<string[]> {
    const { readdir } = await import('node:fs/promises');
    return readdir(`${t.dataDir}/media/products/${productId}`).catch(() => []);
  }

  it('deletes the variants already stored when storing another fails; the post is unchanged', async () => {
    const productId = await newPost();
    const target = (await uploadUrl(t, owner.token, productId, 'jpg')).json() as Target;
    expect((await putUpload(t, target, await rotatedJpeg(900, 700))).statusCode).toBe(201);
    const res = await withStorage(
      async (key) => {
        if (key.endsWith('-t640.webp')) throw new Error('disk full');
      },
      () => addMedia(t, owner.token, { productId, key: target.key }),
    );
    expect(res.statusCode).toBe(500);
    expect(await filesOf(productId)).toEqual([]);
    expect(await storedMedias(productId)).toEqual([]);
    // The upload is kept, so the editor can try again.
    expect(await exists(target.key)).toBe(true);
    const retry = await addMedia(t, owner.token, { productId, key: target.key });
    expect(retry.statusCode).toBe(200);
    expect((await filesOf(productId)).length).toBe(4);
  });

  it('deletes the stored variants when the post is deleted before they are attached', async () => {
    const productId = await newPost();
    const target = (await uploadUrl(t, owner.token, productId, 'jpg')).json() as Target;
    expect((await putUpload(t, target, await rotatedJpeg(900, 700))).statusCode).toBe(201);
    const res = await withStorage(
      async () => {
        await t.deps.database.db.delete(products).where(eq(products.id, productId));
      },
      () => addMedia(t, owner.token, { productId, key: target.key }),
    );
    expect(res.statusCode).toBe(404);
    expect(await filesOf(productId)).toEqual([]);
  });
});
