import zlib from 'node:zlib';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, sites, users } from '../../../src/server/db/schema';
import { buildApp } from '../../../src/server/http/boot/app';
import { SITEMAP_CACHE_MS } from '../../../src/server/http/pages/seo';
import { STATIC_PAGES } from '../../../src/server/http/pages/sitemap-xml';
import { announceChange, type ModuleDeps } from '../../../src/server/modules/core';
import type { Product } from '../../../src/shared/contracts/catalog';
import { createUser, nextIp } from '../../factories/accounts';
import { createProduct } from '../../factories/catalog';
import { createTestApp, type TestApp } from '../../helpers/app';

/**
 * sitemap.xml (an index of documents of public pages, public sites and published posts, paged)
 * and robots.txt. APP_URL carries `&` and `'` so every URL must come out XML-escaped.
 */
const ORIGIN = "http://shop.example.test/a&b'c";
const ESCAPED = 'http://shop.example.test/a&amp;b&apos;c';

let t: TestApp;
/** The same app data served with two URLs per sitemap document. */
let small: FastifyInstance;
const statements: string[] = [];
const db = () => t.deps.database.db;

interface Seller {
  username: string;
  id: string;
  posts: Product[];
}
let alice: Seller;
let bob: Seller;
let inactive: Seller;
let suspended: Seller;
let draft: Product;

async function seller(opts: {
  username: string;
  activated?: boolean;
  posts: number;
}): Promise<Seller> {
  const { user } = await createUser(t.deps, { username: opts.username, activated: opts.activated });
  const posts: Product[] = [];
  for (let i = 0; i < opts.posts; i++)
    posts.push(await createProduct(t, { id: user.id, role: 'user' }));
  return { username: user.username, id: user.id, posts };
}

beforeAll(async () => {
  t = await createTestApp(
    {},
    { APP_URL: ORIGIN },
    {
      onQuery: (sql) => statements.push(sql),
      // A stand-in for the page renderer's catch-all (ssr.ts), registered last like the real one.
      web: async (app) => void app.get('/*', async () => 'page'),
    },
  );
  alice = await seller({ username: 'alice-shop', posts: 12 });
  bob = await seller({ username: 'bob_parts', posts: 1 });
  inactive = await seller({ username: 'not-activated', activated: false, posts: 1 });
  suspended = await seller({ username: 'suspended-one', posts: 1 });
  await db().update(users).set({ status: 'suspended' }).where(eq(users.id, suspended.id));
  draft = await createProduct(t, { id: alice.id, role: 'user' }, { status: 'draft' });
  small = await buildApp(t.deps, { sitemapPageSize: 2 });
  await small.ready();
});
afterAll(async () => {
  await small?.close();
  await t?.close();
});

const get = (url: string, app: FastifyInstance = t.app, headers: Record<string, string> = {}) =>
  app.inject({ url, remoteAddress: nextIp(), headers });
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!);
const lastmodOf = (xml: string, loc: string) =>
  new RegExp(
    `<url><loc>${loc.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}</loc><lastmod>([^<]+)</lastmod></url>`,
  ).exec(xml)?.[1];
const deps = (): Pick<ModuleDeps, 'env' | 'log'> => t.moduleDeps();

async function xml(url: string, app?: FastifyInstance) {
  const res = await get(url, app);
  expect(res.statusCode, url).toBe(200);
  expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
  expect(res.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n')).toBe(true);
  return res.body;
}

describe('the sitemap index', () => {
  it('lists the pages document and one document each of sites and posts', async () => {
    const index = await xml('/sitemap.xml');
    expect(index).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(locs(index)).toEqual([
      `${ESCAPED}/sitemaps/pages.xml`,
      `${ESCAPED}/sitemaps/sites-1.xml`,
      `${ESCAPED}/sitemaps/posts-1.xml`,
    ]);
  });

  it('lists the marketplace’s public pages with absolute, escaped URLs', async () => {
    const pages = await xml('/sitemaps/pages.xml');
    expect(locs(pages)).toEqual(STATIC_PAGES.map((p) => `${ESCAPED}${p}`));
    expect(pages).not.toMatch(/&(?!amp;|apos;|lt;|gt;|quot;)/);
  });
});

describe('the sites and posts documents', () => {
  it('list public sites only, each with the later of its site’s and owner’s last change', async () => {
    const doc = await xml('/sitemaps/sites-1.xml');
    expect(locs(doc)).toEqual([`${ESCAPED}/alice-shop`, `${ESCAPED}/bob_parts`]);
    const [site] = await db().select().from(sites).where(eq(sites.userId, alice.id));
    const [user] = await db().select().from(users).where(eq(users.id, alice.id));
    const expected = new Date(
      Math.max(site!.updatedAt.getTime(), user!.updatedAt.getTime()),
    ).toISOString();
    expect(lastmodOf(doc, `${ESCAPED}/alice-shop`)).toBe(expected);
  });

  it('list published posts of public sellers only, oldest first, each with its own last change', async () => {
    const doc = await xml('/sitemaps/posts-1.xml');
    const expected = [
      ...alice.posts.map((p) => `${ESCAPED}${p.path}`),
      `${ESCAPED}${bob.posts[0]!.path}`,
    ];
    expect(locs(doc)).toEqual(expected);
    for (const hidden of [draft, inactive.posts[0]!, suspended.posts[0]!])
      expect(doc).not.toContain(hidden.shortId);
    expect(lastmodOf(doc, expected[0]!)).toBe(alice.posts[0]!.updatedAt);
  });

  it('reads each document in a fixed number of statements (no query per URL)', async () => {
    t.advanceTime(SITEMAP_CACHE_MS + 1); // nothing cached
    statements.length = 0;
    expect(locs(await xml('/sitemaps/posts-1.xml'))).toHaveLength(13);
    // Where the pages of sites and of posts start (one statement each), then the page itself.
    expect(statements).toHaveLength(3);
    statements.length = 0;
    await xml('/sitemaps/posts-1.xml');
    expect(statements).toHaveLength(0);
  });

  it('pages through every URL at a small page size, with no URL twice and none left out', async () => {
    const index = await xml('/sitemap.xml', small);
    const documents = locs(index).map((loc) => loc.replace(ESCAPED, ''));
    // 15 published posts make 8 pages of 2 (the 2 of unlisted sellers leave their pages short).
    expect(documents).toEqual([
      '/sitemaps/pages.xml',
      '/sitemaps/sites-1.xml',
      ...Array.from({ length: 8 }, (_, i) => `/sitemaps/posts-${i + 1}.xml`),
    ]);
    const seen: string[] = [];
    for (const path of documents.filter((d) => d.includes('posts-'))) {
      const urls = locs(await xml(path, small));
      expect(urls.length).toBeLessThanOrEqual(2);
      seen.push(...urls);
    }
    expect(seen).toEqual(locs(await xml('/sitemaps/posts-1.xml')));
    expect(locs(await xml('/sitemaps/sites-1.xml', small))).toHaveLength(2);
  });

  it('answers 404 with a sentence for a document that does not exist', async () => {
    for (const path of [
      '/sitemaps/posts-9.xml',
      '/sitemaps/posts-0.xml',
      '/sitemaps/sites-2.xml',
      '/sitemaps/posts-99999999.xml',
    ]) {
      const res = await get(path, small);
      expect(res.statusCode, path).toBe(404);
      expect(res.body).toBe('There is no such sitemap. The list of sitemaps is at /sitemap.xml.');
    }
  });

  it('keeps documents for a while and drops them when content changes', async () => {
    t.advanceTime(SITEMAP_CACHE_MS + 1);
    const before = await xml('/sitemaps/posts-1.xml');
    // A write that announces nothing is not seen until the cached document expires…
    const touched = new Date(Date.parse(alice.posts[0]!.updatedAt) + 60_000);
    await db()
      .update(products)
      .set({ updatedAt: touched })
      .where(eq(products.id, alice.posts[0]!._id));
    expect(await xml('/sitemaps/posts-1.xml')).toBe(before);
    t.advanceTime(SITEMAP_CACHE_MS + 1);
    expect(
      lastmodOf(await xml('/sitemaps/posts-1.xml'), `${ESCAPED}${alice.posts[0]!.path}`),
    ).toBe(touched.toISOString());

    // …a new post announces itself (the catalogue's change), and so does a suspension.
    const added = await createProduct(t, { id: bob.id, role: 'user' });
    expect(await xml('/sitemaps/posts-1.xml')).toContain(added.path);
    await db().update(users).set({ status: 'suspended' }).where(eq(users.id, bob.id));
    announceChange(deps(), { kind: 'user', userIds: [bob.id] });
    expect(locs(await xml('/sitemaps/sites-1.xml'))).toEqual([`${ESCAPED}/alice-shop`]);
    expect(await xml('/sitemaps/posts-1.xml', small)).not.toContain('bob_parts');
    await db().update(users).set({ status: 'active' }).where(eq(users.id, bob.id));
    announceChange(deps(), { kind: 'user', userIds: [bob.id] });

    // The page starts are kept, but the first and last pages are open-ended: a new site is listed.
    const { user } = await createUser(t.deps, { username: 'aaa-first' });
    announceChange(deps(), { kind: 'user', userIds: [user.id] });
    expect(locs(await xml('/sitemaps/sites-1.xml', small))[0]).toBe(`${ESCAPED}/aaa-first`);
  });

  it('is compressed when the client accepts it', async () => {
    const res = await get('/sitemaps/posts-1.xml', t.app, { 'accept-encoding': 'br, gzip' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(res.rawPayload).toString('utf8')).toBe(
      await xml('/sitemaps/posts-1.xml'),
    );
  });
});

describe('next to the pages', () => {
  it('answers its own paths before the page renderer, and leaves it everything else', async () => {
    expect((await get('/robots.txt')).body).toMatch(/^User-agent/);
    expect((await get('/sitemap.xml')).body).toMatch(/^<\?xml/);
    for (const path of [
      '/sitemaps',
      '/sitemaps/other.xml',
      '/sitemaps/posts-x.xml',
      '/sitemap',
      '/robots',
    ]) {
      expect((await get(path)).body, path).toBe('page');
    }
  });
});

describe('robots.txt', () => {
  it('allows the public pages, keeps crawlers out of private ones and names the sitemap', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = res.body.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    expect(lines).toContain('Allow: /');
    for (const path of [
      '/edit-page',
      '/checkout',
      '/messages',
      '/message',
      '/admin-products',
      '/items/preview',
      '/my-posts',
    ]) {
      expect(lines).toContain(`Disallow: ${path}$`);
      expect(lines).toContain(`Disallow: ${path}/`);
    }
    for (const rule of [
      'Disallow: /api/',
      'Disallow: /*/checkout$',
      'Disallow: /*/preview$',
      'Disallow: /users$',
    ])
      expect(lines).toContain(rule);
    // Rules are exact paths, not prefixes: a seller whose name starts like a private page stays visible.
    expect(lines).not.toContain('Disallow: /users/');
    expect(lines).not.toContain('Disallow: /sales');
    expect(lines).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
  });

  it('is compressed when the client accepts it', async () => {
    const res = await get('/robots.txt', t.app, { 'accept-encoding': 'gzip' });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(res.rawPayload).toString('utf8')).toMatch(/^User-agent: \*/);
  });
});
