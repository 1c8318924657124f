import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sites, users } from '../../../src/server/db/schema';
import type { Product } from '../../../src/shared/contracts/catalog';
import { createTestApp, type TestApp } from '../../helpers/app';
import { createUser, inject, signedInUser } from '../../factories/accounts';
import { createProduct } from '../../factories/catalog';

/**
 * The read calls: who sees which status where, the orders and pages, the counts. One seller's
 * world per app, so the public lists' totals are exact.
 */
let t: TestApp;
let seller: Awaited<ReturnType<typeof signedInUser>>;
let other: Awaited<ReturnType<typeof signedInUser>>;
let admin: Awaited<ReturnType<typeof signedInUser>>;
const posts: Record<string, Product> = {};

beforeAll(async () => {
  t = await createTestApp();
  seller = await signedInUser(t.deps, { username: 'lists-seller', plan: 'creator' });
  other = await signedInUser(t.deps);
  admin = await signedInUser(t.deps, { role: 'admin' });
  // 7 published posts of the seller (distinct prices and likes), 1 of another seller, and one
  // post in each hidden status.
  for (let i = 1; i <= 7; i++) {
    posts[`p${i}`] = await createProduct(t, seller.user, {
      title: `Published ${i}`,
      price: [30, 10, 70, 50, 20, 60, 40][i - 1]!,
      _tags: i % 2 ? ['odd', 'lists'] : ['even', 'lists'],
    });
    t.advanceTime(1000);
  }
  posts.foreign = await createProduct(t, other.user, {
    title: 'Foreign',
    price: 5,
    _tags: ['odd'],
  });
  for (const status of ['draft', 'sold', 'archived'] as const) {
    posts[status] = await createProduct(t, seller.user, {
      title: `Hidden ${status}`,
      status,
      _tags: ['odd'],
    });
  }
});
afterAll(async () => t?.close());

const get = (url: string, auth: Record<string, string> = {}) =>
  inject(t, { method: 'GET', url: `/api/v1${url}`, headers: auth });
const titles = (body: { products: Product[] }) => body.products.map((p) => p.title);
const HIDDEN = ['Hidden draft', 'Hidden sold', 'Hidden archived'];

describe('public lists show published posts only', () => {
  it('GET /products: newest first, with the counts', async () => {
    const res = await get('/products');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(titles(body)).toEqual([
      'Foreign',
      ...[7, 6, 5, 4, 3, 2, 1].map((i) => `Published ${i}`),
    ]);
    expect(body).toMatchObject({ recordsCount: 8, totalProducts: 8 });
    expect(body.products[0].user).toMatchObject({
      _id: other.user.id,
      username: other.user.username,
    });
  });

  it('sorts by price both ways and by likes, the id breaking ties', async () => {
    const asc = (await get('/products?sort=price_asc')).json();
    expect(asc.products.map((p: Product) => p.price)).toEqual([5, 10, 20, 30, 40, 50, 60, 70]);
    const desc = (await get('/products?sort=price_desc')).json();
    expect(desc.products.map((p: Product) => p.price)).toEqual([70, 60, 50, 40, 30, 20, 10, 5]);
    const liked = (await get('/products?sort=most_liked')).json().products as Product[];
    // Every post has 0 likes: the order is the id, descending.
    expect(liked.map((p) => p._id)).toEqual(
      liked
        .map((p) => p._id)
        .sort()
        .reverse(),
    );
  });

  it('pages never overlap and together give the whole list, in every order', async () => {
    for (const sort of ['newest', 'price_asc', 'price_desc', 'most_liked']) {
      const seen: string[] = [];
      for (let page = 1; page <= 3; page++) {
        const body = (await get(`/products?sort=${sort}&limit=3&page=${page}`)).json();
        expect(body.recordsCount).toBe(8);
        seen.push(...body.products.map((p: Product) => p._id));
      }
      expect(seen, sort).toHaveLength(8);
      expect(new Set(seen).size, sort).toBe(8);
      const beyond = (await get(`/products?sort=${sort}&limit=3&page=4`)).json();
      expect(beyond.products).toEqual([]);
    }
  });

  it('filters by tag: recordsCount counts the tag, totalProducts the whole list', async () => {
    const body = (await get('/products?tag=ODD')).json();
    expect(titles(body)).toEqual([
      'Foreign',
      'Published 7',
      'Published 5',
      'Published 3',
      'Published 1',
    ]);
    expect(body).toMatchObject({ recordsCount: 5, totalProducts: 8 });
  });

  it('GET /products/tags/:tag answers the tag name; an unknown tag is an empty list', async () => {
    const body = (await get('/products/tags/even')).json();
    expect(body).toMatchObject({ tagName: 'even', recordsCount: 3, totalProducts: 8 });
    expect(titles(body)).toEqual(['Published 6', 'Published 4', 'Published 2']);
    const none = await get('/products/tags/never-used');
    expect(none.statusCode).toBe(200);
    expect(none.json()).toMatchObject({ products: [], recordsCount: 0, tagName: 'never-used' });
  });

  it("GET /products/user/:username: the seller's published posts and the seller", async () => {
    const res = await get('/products/user/LISTS-SELLER?limit=2&sort=price_asc');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user).toEqual({
      _id: seller.user.id,
      username: 'lists-seller',
      name: seller.user.name,
      image: null,
      bio: '',
    });
    expect(body.products.map((p: Product) => p.price)).toEqual([10, 20]);
    expect(body).toMatchObject({ recordsCount: 7, totalProducts: 7 });
    const tagged = (await get('/products/user/lists-seller?tag=even')).json();
    expect(tagged).toMatchObject({ recordsCount: 3, totalProducts: 7 });
  });

  it('GET /products/user/:username: unknown, suspended and unactivated sellers are 404 with a sentence', async () => {
    const unknown = await get('/products/user/nobody-here');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toMatch(/seller could not be found/);
    const { user: sleeper } = await createUser(t.deps, { activated: false });
    expect((await get(`/products/user/${sleeper.username}`)).statusCode).toBe(404);
    const { user: banned } = await createUser(t.deps);
    await createProduct(t, banned, { title: 'Banned post' });
    await t.deps.database.db
      .update(users)
      .set({ status: 'suspended' })
      .where(eq(users.id, banned.id));
    expect((await get(`/products/user/${banned.username}`)).statusCode).toBe(404);
  });

  it('GET /products/domain/:domain: the claiming seller’s posts once verified; others are empty', async () => {
    const empty = { products: [], recordsCount: 0, totalProducts: 0 };
    await t.deps.database.db
      .update(sites)
      .set({ domainName: 'shop.example.com' })
      .where(eq(sites.userId, seller.user.id));
    // Claimed but not verified yet: not live.
    const pending = await get('/products/domain/shop.example.com');
    expect(pending.statusCode).toBe(200);
    expect(pending.json()).toEqual(empty);
    await t.deps.database.db
      .update(sites)
      .set({ domainVerifiedAt: new Date() })
      .where(eq(sites.userId, seller.user.id));
    const body = (await get('/products/domain/Shop.Example.COM.')).json();
    expect(body).toMatchObject({
      recordsCount: 7,
      totalProducts: 7,
      user: { username: 'lists-seller' },
    });
    // Typed as a visitor might: scheme, port, path, any case — the same domain.
    const typed = await get(`/products/domain/${encodeURIComponent('https://SHOP.example.com:8080/x')}`);
    expect(typed.json()).toMatchObject({ recordsCount: 7, user: { username: 'lists-seller' } });
    const unknown = await get('/products/domain/nowhere.example');
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(empty);
    expect((await get('/products/domain/not a domain')).json()).toEqual(empty);
    await t.deps.database.db
      .update(sites)
      .set({ domainName: null, domainVerifiedAt: null })
      .where(eq(sites.userId, seller.user.id));
  });

  it('GET /products/:id: published for everyone; other statuses for the owner and admins only', async () => {
    expect((await get(`/products/${posts.p1!._id}`)).statusCode).toBe(200);
    for (const status of ['draft', 'sold', 'archived']) {
      const id = posts[status]!._id;
      expect((await get(`/products/${id}`)).statusCode, status).toBe(404);
      expect((await get(`/products/${id}`, other.auth)).statusCode, status).toBe(404);
      const own = await get(`/products/${id}`, seller.auth);
      expect(own.statusCode, status).toBe(200);
      expect(own.json().product.status).toBe(status);
      expect((await get(`/products/${id}`, admin.auth)).statusCode, status).toBe(200);
    }
    expect((await get('/products/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('no hidden status leaks into any public list', async () => {
    for (const url of [
      '/products?limit=100',
      '/products/tags/odd?limit=100',
      '/products/user/lists-seller?limit=100',
    ]) {
      const list = titles((await get(url)).json());
      for (const hidden of HIDDEN) expect(list, url).not.toContain(hidden);
    }
  });
});

describe('GET /products/mine', () => {
  it('lists every status of mine, filtered by status and title', async () => {
    const all = (await get('/products/mine?limit=100', seller.auth)).json();
    expect(all).toMatchObject({ recordsCount: 10, totalProducts: 10 });
    expect(titles(all)).toEqual(expect.arrayContaining(HIDDEN));
    expect(titles(all)).not.toContain('Foreign');
    const drafts = (await get('/products/mine?status=draft', seller.auth)).json();
    expect(titles(drafts)).toEqual(['Hidden draft']);
    expect(drafts).toMatchObject({ recordsCount: 1, totalProducts: 10 });
    const searched = (await get('/products/mine?q=hidden%20s', seller.auth)).json();
    expect(titles(searched)).toEqual(['Hidden sold']);
    // LIKE wildcards are taken literally.
    expect((await get('/products/mine?q=%25', seller.auth)).json().products).toEqual([]);
  });

  it('?countOnly=true answers the counts without posts', async () => {
    const body = (await get('/products/mine?countOnly=true&status=published', seller.auth)).json();
    expect(body).toEqual({ products: [], recordsCount: 7, totalProducts: 10 });
  });

  it('?id= answers one of mine in any status; another’s is 403, an unknown one 404', async () => {
    const mine = (await get(`/products/mine?id=${posts.draft!._id}`, seller.auth)).json();
    expect(titles(mine)).toEqual(['Hidden draft']);
    expect(mine.recordsCount).toBe(1);
    const foreign = await get(`/products/mine?id=${posts.draft!._id}`, other.auth);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().message).toMatch(/your own/);
    const unknown = await get(
      '/products/mine?id=00000000-0000-4000-8000-000000000000',
      seller.auth,
    );
    expect(unknown.statusCode).toBe(404);
  });
});

describe('GET /admin/products', () => {
  it('lists every post in every status with status, seller and title filters', async () => {
    const all = (await get('/admin/products?limit=100', admin.auth)).json();
    expect(all.recordsCount).toBeGreaterThanOrEqual(11);
    expect(titles(all)).toEqual(expect.arrayContaining([...HIDDEN, 'Foreign']));
    const archived = (
      await get(`/admin/products?status=archived&userId=${seller.user.id}`, admin.auth)
    ).json();
    expect(archived).toMatchObject({ recordsCount: 1, totalProducts: 10 });
    expect(titles((await get('/admin/products?q=foreign', admin.auth)).json())).toEqual([
      'Foreign',
    ]);
  });

  it('is refused to sellers', async () => {
    expect((await get('/admin/products', seller.auth)).statusCode).toBe(403);
  });
});
