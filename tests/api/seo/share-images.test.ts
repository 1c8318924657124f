import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeImage } from '../../../src/server/adapters/images/store-image';
import { products, sites } from '../../../src/server/db/schema';
import { shareImageCache } from '../../../src/server/http/pages/share-images';
import { addMediaFromBuffer } from '../../../src/server/modules/catalog';
import { SHARE_IMAGE_SIZE, postShareImagePath } from '../../../src/shared/share-images';
import { inject } from '../../factories/accounts';
import { createProduct } from '../../factories/catalog';
import { createTestApp, type TestApp } from '../../helpers/app';
import {
  LOGO_POINT,
  PHOTO_POINT,
  expectColor,
  later,
  pixel,
  seller,
  sha,
  siteRow,
  siteUrl,
  solid,
} from './share-image-helpers';

/**
 * Share images (Open Graph / Twitter cards): real 1200×630 JPEGs in the seller's colours with their
 * logo and a post's photo, drawn once per version of what they show and cached for good only under
 * the current version. What has none: share-images-unavailable.test.ts.
 */
let t: TestApp;
const db = () => t.deps.database.db;
const draws = () => shareImageCache(t.deps.env).loads;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('a site’s share image', () => {
  it('is a 1200×630 JPEG in the site’s colours with its logo and newest photo, cached for good under the current version', async () => {
    const { user, actor } = await seller(t);
    const logo = await storeImage(
      t.deps.storage,
      `sites/${user.id}`,
      await solid('#dc2626', 300, 150),
    );
    await db()
      .update(sites)
      .set({
        headerBackgroundColor: '#1e3a8a',
        imageThumbnail: logo.thumbnail,
        imageFullsize: logo.fullsize,
        imageKeys: logo.keys,
        updatedAt: later(),
      })
      .where(eq(sites.userId, user.id));
    const post = await createProduct(t, actor, { title: 'Green lamp' });
    await addMediaFromBuffer(t.moduleDeps(), actor, {
      productId: post._id,
      type: 'image',
      body: await solid('#16a34a', 900, 900),
      alt: 'Lamp',
    });

    const before = draws();
    const url = await siteUrl(t, user.username, user.id);
    const res = await inject(t, { url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(res.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', ...SHARE_IMAGE_SIZE });
    expect(draws()).toBe(before + 1);

    expectColor(await pixel(res.rawPayload, 8, 8), '#1e3a8a'); // background: the header colour
    expectColor(await pixel(res.rawPayload, ...LOGO_POINT), '#dc2626'); // the logo, top left
    expectColor(await pixel(res.rawPayload, ...PHOTO_POINT), '#16a34a'); // the post's photo, right

    // The username is not case-sensitive; the same version is served from memory.
    const again = await inject(t, { url: url.replace(user.username, user.username.toUpperCase()) });
    expect(again.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(sha(again.rawPayload)).toBe(sha(res.rawPayload));
    expect(draws()).toBe(before + 1);
  });

  it('is drawn anew when the colours change; an old or missing version gets the current image, cached briefly', async () => {
    const { user } = await seller(t);
    const first = await inject(t, { url: await siteUrl(t, user.username, user.id) });
    expectColor(await pixel(first.rawPayload, 8, 8), '#ffffff');

    const oldUrl = await siteUrl(t, user.username, user.id);
    await db()
      .update(sites)
      .set({ headerBackgroundColor: '#fde68a', updatedAt: later(5000) })
      .where(eq(sites.userId, user.id));
    const newUrl = await siteUrl(t, user.username, user.id);
    expect(newUrl).not.toBe(oldUrl);

    const stale = await inject(t, { url: oldUrl });
    expect(stale.statusCode).toBe(200);
    expect(stale.headers['cache-control']).toBe('public, max-age=300');
    expect(sha(stale.rawPayload)).not.toBe(sha(first.rawPayload));
    expectColor(await pixel(stale.rawPayload, 8, 8), '#fde68a');

    const draw = draws();
    const current = await inject(t, { url: newUrl });
    expect(current.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(sha(current.rawPayload)).toBe(sha(stale.rawPayload));
    const bare = await inject(t, { url: `/share-images/site/${user.username}.jpg` });
    expect(bare.headers['cache-control']).toBe('public, max-age=300');
    expect(draws()).toBe(draw);
  });

  it('shares one drawing between concurrent requests', async () => {
    const { user } = await seller(t);
    const url = await siteUrl(t, user.username, user.id);
    const before = draws();
    const answers = await Promise.all([1, 2, 3, 4].map(() => inject(t, { url })));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
    expect(new Set(answers.map((a) => sha(a.rawPayload))).size).toBe(1);
    expect(draws()).toBe(before + 1);
  });

  it('is drawn without a logo or photo whose stored file is gone or unreadable', async () => {
    const { user, actor } = await seller(t);
    await db()
      .update(sites)
      .set({
        imageThumbnail: '/media/sites/x/gone-thumb.webp',
        imageFullsize: '/media/sites/x/gone-full.webp',
        imageKeys: ['sites/x/gone-thumb.webp', 'sites/x/gone-full.webp'],
      })
      .where(eq(sites.userId, user.id));
    const post = await createProduct(t, actor);
    const stored = await t.deps.storage.put(
      `products/${post._id}/broken-t640.webp`,
      Buffer.from('not an image'),
      'image/webp',
    );
    await db()
      .update(products)
      .set({
        medias: [
          {
            id: 'm1',
            type: 'image',
            alt: '',
            thumbnails: [{ url: stored.url, width: 640 }],
            fullsizes: [],
            width: 640,
            height: 640,
            keys: [stored.key],
          },
        ],
      })
      .where(eq(products.id, post._id));
    const res = await inject(t, { url: await siteUrl(t, user.username, user.id) });
    expect(res.statusCode).toBe(200);
    expect(await sharp(res.rawPayload).metadata()).toMatchObject({
      format: 'jpeg',
      ...SHARE_IMAGE_SIZE,
    });
  });
});

describe('a post’s share image', () => {
  it('is a 1200×630 JPEG with the post’s photo; its version is the later of the post’s and the site’s', async () => {
    const { user, actor } = await seller(t);
    const post = await createProduct(t, actor, {
      title:
        'A very long title & <odd> "characters" that has to be wrapped and cut somewhere sensible',
      price: 1234.5,
    });
    await addMediaFromBuffer(t.moduleDeps(), actor, {
      productId: post._id,
      type: 'image',
      body: await solid('#7c3aed', 1000, 800),
      alt: 'Photo',
    });
    await db()
      .update(sites)
      .set({ headerBackgroundColor: '#064e3b', updatedAt: later(10_000) })
      .where(eq(sites.userId, user.id));
    const [row] = await db().select().from(products).where(eq(products.id, post._id));
    const site = await siteRow(t, user.id);
    const postOnly = postShareImagePath({ _id: post._id, updatedAt: row!.updatedAt.toISOString() });
    const current = postShareImagePath(
      { _id: post._id, updatedAt: row!.updatedAt.toISOString() },
      { updatedAt: site.updatedAt.toISOString() },
    );
    expect(current).toContain(`v=${site.updatedAt.getTime()}`);

    const res = await inject(t, { url: current });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(await sharp(res.rawPayload).metadata()).toMatchObject({
      format: 'jpeg',
      ...SHARE_IMAGE_SIZE,
    });
    expectColor(await pixel(res.rawPayload, 8, 8), '#064e3b');
    expectColor(await pixel(res.rawPayload, ...PHOTO_POINT), '#7c3aed');
    expect((await inject(t, { url: postOnly })).headers['cache-control']).toBe(
      'public, max-age=300',
    );

    // An edit of the post draws it again.
    const draw = draws();
    await db()
      .update(products)
      .set({ title: 'Shorter', updatedAt: later(20_000) })
      .where(eq(products.id, post._id));
    const edited = await inject(t, { url: current });
    expect(edited.headers['cache-control']).toBe('public, max-age=300');
    expect(sha(edited.rawPayload)).not.toBe(sha(res.rawPayload));
    expect(draws()).toBe(draw + 1);
  });
});
