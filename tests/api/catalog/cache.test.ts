import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../../src/server/db/schema';
import type { Product } from '../../../src/shared/contracts/catalog';
import { createTestApp, type TestApp } from '../../helpers/app';
import { twoInstancesOnRedis, type TwoInstances } from '../../helpers/instances';
import { inject, signedInUser } from '../../factories/accounts';
import { createProduct } from '../../factories/catalog';

/** Public lists are served from memory: every write through the catalogue shows at once. */
const titlesAt = async (t: TestApp, url: string) =>
  ((await inject(t, { method: 'GET', url: `/api/v1${url}` })).json().products as Product[]).map(
    (p) => p.title,
  );

describe('the public list cache', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('serves a list from memory until a write, and every catalogue write shows at once', async () => {
    const seller = await signedInUser(t.deps, { username: 'cache-seller' });
    const first = await createProduct(t, seller.user, { title: 'First', _tags: ['cached'] });
    const urls = ['/products', '/products/tags/cached', '/products/user/cache-seller'];
    for (const url of urls) expect(await titlesAt(t, url), url).toEqual(['First']);

    // A change behind the catalogue's back (not a catalogue write) is not seen: the lists are cached…
    await t.deps.database.db
      .update(products)
      .set({ title: 'Renamed in SQL' })
      .where(eq(products.id, first._id));
    for (const url of urls) expect(await titlesAt(t, url), url).toEqual(['First']);

    // …and every write through the API drops them: create,
    await inject(t, {
      method: 'PUT',
      url: '/api/v1/products',
      headers: seller.auth,
      payload: { title: 'Second', price: 3, _tags: ['cached'] },
    });
    for (const url of urls)
      expect(await titlesAt(t, url), url).toEqual(['Second', 'Renamed in SQL']);
    // status change,
    await inject(t, {
      method: 'PATCH',
      url: '/api/v1/products/status',
      headers: seller.auth,
      payload: { id: first._id, status: 'draft' },
    });
    for (const url of urls) expect(await titlesAt(t, url), url).toEqual(['Second']);
    const counts = (await inject(t, { method: 'GET', url: '/api/v1/products' })).json();
    expect(counts).toMatchObject({ recordsCount: 1, totalProducts: 1 });
    // and delete.
    const second = (await inject(t, { method: 'GET', url: '/api/v1/products' })).json().products[0]
      ._id;
    await inject(t, {
      method: 'DELETE',
      url: `/api/v1/products?id=${second}`,
      headers: seller.auth,
    });
    for (const url of urls) expect(await titlesAt(t, url), url).toEqual([]);
    expect((await inject(t, { method: 'GET', url: '/api/v1/products' })).json()).toMatchObject({
      recordsCount: 0,
      totalProducts: 0,
    });
  });

  it("shows a seller's new name on cached lists at once", async () => {
    const seller = await signedInUser(t.deps, { username: 'renamed-seller', name: 'Old Name' });
    await createProduct(t, seller.user, { title: 'Named post' });
    const ownerNames = async () =>
      (
        (await inject(t, { method: 'GET', url: '/api/v1/products/user/renamed-seller' })).json()
          .products as Product[]
      ).map((p) => p.user.name);
    expect(await ownerNames()).toEqual(['Old Name']);
    const saved = await inject(t, {
      method: 'PUT',
      url: '/api/v1/users',
      headers: seller.auth,
      payload: { user: { name: 'New Name' } },
    });
    expect(saved.statusCode).toBe(200);
    expect(await ownerNames()).toEqual(['New Name']);
  });

  it('forgets an answer after its lifetime even without a write', async () => {
    const { user } = await signedInUser(t.deps);
    const post = await createProduct(t, user, { title: 'Before TTL', _tags: ['ttl'] });
    expect(await titlesAt(t, '/products/tags/ttl')).toEqual(['Before TTL']);
    await t.deps.database.db
      .update(products)
      .set({ title: 'After TTL' })
      .where(eq(products.id, post._id));
    expect(await titlesAt(t, '/products/tags/ttl')).toEqual(['Before TTL']);
    t.advanceTime(t.deps.env.CATALOG_CACHE_MS + 1);
    expect(await titlesAt(t, '/products/tags/ttl')).toEqual(['After TTL']);
  });
});

const redisUrl = process.env.TEST_REDIS_URL;

describe.runIf(redisUrl)('the list cache across instances (Redis)', () => {
  let a: TestApp;
  let b: TestApp;
  let instances: TwoInstances | undefined;
  beforeAll(async () => {
    instances = await twoInstancesOnRedis(redisUrl!);
    ({ a, b } = instances);
  });
  afterAll(() => instances?.close());

  it("drops the other instance's cached lists when one instance writes", async () => {
    const seller = await signedInUser(a.deps);
    const tag = `redis-${Date.now()}`;
    await createProduct(a, seller.user, { title: 'Shared one', _tags: [tag] });
    expect(await titlesAt(b, `/products/tags/${tag}`)).toEqual(['Shared one']);
    await inject(a, {
      method: 'PUT',
      url: '/api/v1/products',
      headers: seller.auth,
      payload: { title: 'Shared two', price: 1, _tags: [tag] },
    });
    // The message travels through Redis: poll B briefly (no fixed sleep).
    let seen: string[] = [];
    for (let i = 0; i < 100 && seen.length < 2; i++) {
      seen = await titlesAt(b, `/products/tags/${tag}`);
      if (seen.length < 2) await new Promise((r) => setImmediate(r));
    }
    expect(seen).toEqual(['Shared two', 'Shared one']);
  });
});
