import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeImage } from '../../../src/server/adapters/images/store-image';
import { sites, users } from '../../../src/server/db/schema';
import { inject } from '../../factories/accounts';
import { createProduct } from '../../factories/catalog';
import { createTestApp, type TestApp } from '../../helpers/app';
import { LOGO_POINT, expectColor, pixel, seller, siteUrl, solid } from './share-image-helpers';

/** Share images that cannot be served: nothing public at the address, or storage failing. */
let t: TestApp;
const db = () => t.deps.database.db;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('what has no share image', () => {
  const expect404 = async (url: string, message: RegExp) => {
    const res = await inject(t, { url });
    expect(res.statusCode, url).toBe(404);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toMatch(message);
  };

  it('answers 404 with a sentence for unknown, unactivated and suspended sellers and malformed names', async () => {
    await expect404('/share-images/site/nobody-here.jpg', /no public site at this address/);
    const { user } = await seller(t, { activated: false });
    await expect404(`/share-images/site/${user.username}.jpg`, /no public site/);
    const suspended = await seller(t);
    await db().update(users).set({ status: 'suspended' }).where(eq(users.id, suspended.user.id));
    await expect404(`/share-images/site/${suspended.user.username}.jpg`, /no public site/);
    for (const name of [
      'maya',
      'maya.png',
      'a%20b.jpg',
      `${'a'.repeat(31)}.jpg`,
      '..%2F..%2Fetc.jpg',
      '%00.jpg',
    ]) {
      await expect404(`/share-images/site/${name}`, /no public site/);
    }
  });

  it('answers 404 for drafts, unknown or malformed ids and posts of suspended sellers', async () => {
    const { user, actor } = await seller(t);
    const draft = await createProduct(t, actor, { status: 'draft' });
    await expect404(`/share-images/post/${draft._id}.jpg`, /not published/);
    await expect404('/share-images/post/00000000-0000-4000-8000-000000000000.jpg', /not published/);
    for (const name of [
      'not-a-uuid.jpg',
      `${draft._id}`,
      `${draft._id}.png`,
      'zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz.jpg',
    ]) {
      await expect404(`/share-images/post/${name}`, /not published/);
    }
    const published = await createProduct(t, actor);
    expect((await inject(t, { url: `/share-images/post/${published._id}.jpg` })).statusCode).toBe(
      200,
    );
    await db().update(users).set({ status: 'suspended' }).where(eq(users.id, user.id));
    await expect404(`/share-images/post/${published._id}.jpg`, /not published/);
  });
});

describe('while storage fails', () => {
  it('answers 503 with a sentence while storage fails, caches nothing, and draws once storage is back', async () => {
    const { user } = await seller(t);
    const logo = await storeImage(
      t.deps.storage,
      `sites/${user.id}`,
      await solid('#dc2626', 120, 120),
    );
    await db()
      .update(sites)
      .set({ imageThumbnail: logo.thumbnail, imageFullsize: logo.fullsize, imageKeys: logo.keys })
      .where(eq(sites.userId, user.id));
    const url = await siteUrl(t, user.username, user.id);
    const storage = t.deps.storage;
    t.deps.storage = { ...storage, read: () => Promise.reject(new Error('storage is down')) };
    try {
      const res = await inject(t, { url });
      expect(res.statusCode).toBe(503);
      expect(res.body).toBe(
        'This share image could not be drawn just now. Please try again in a moment.',
      );
    } finally {
      t.deps.storage = storage;
    }
    const res = await inject(t, { url });
    expect(res.statusCode).toBe(200);
    expectColor(await pixel(res.rawPayload, ...LOGO_POINT), '#dc2626');
  });
});
