import zlib from 'node:zlib';
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { metricsOf } from '../../src/server/composition/app-deps';
import { products, sites } from '../../src/server/db/schema';
import { onContentChange } from '../../src/server/modules/core';
import { renderCacheOf } from '../../src/server/http/pages/cached-pages';
import { RENDER_CACHE_LIMITS } from '../../src/server/http/pages/render-cache';
import { COOKIE_NOTICE_TEXT } from '../../src/shared/constants';
import { createTestApp, type TestApp } from '../helpers/app';
import { twoInstancesOnRedis, type TwoInstances } from '../helpers/instances';
import { productionWeb } from '../helpers/web-build';
import { inject, signedInUser } from '../factories/accounts';
import { createProduct } from '../factories/catalog';

/**
 * Sellers' pages are served to anonymous visitors from a cache of their rendered HTML
 * (docs/decisions/017), through the production build as `npm start` serves it. A change made
 * behind the app's back (SQL) shows the page really comes from the cache; every kind of write
 * through the API shows at once.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, {}, { web: productionWeb() });
}, 180_000);
afterAll(() => t?.close());

interface Visit {
  method?: 'GET' | 'HEAD';
  cookie?: string;
  encoding?: string;
}
const visit = (app: TestApp, url: string, { method = 'GET', cookie, encoding }: Visit = {}) =>
  inject(app, {
    method,
    url,
    headers: {
      ...(cookie ? { cookie } : {}),
      ...(encoding ? { 'accept-encoding': encoding } : {}),
    },
  });
const cacheOf = (res: LightMyRequestResponse) => res.headers['x-render-cache'];

/** A seller with one published post, and their page warmed into the cache. */
async function sellerWithPage(app: TestApp = t, title = 'First mug') {
  const seller = await signedInUser(app.deps);
  const post = await createProduct(app, seller.user, { title });
  const url = `/${seller.user.username}`;
  const first = await visit(app, url);
  expect(first.statusCode).toBe(200);
  expect(cacheOf(first)).toBe('miss');
  expect(first.body).toContain(title);
  return { seller, post, url, first };
}

/** Renames a site behind the app's back (no change announced): a cached page shows the old name. */
const renameInSql = (app: TestApp, userId: string, name: string) =>
  app.deps.database.db.update(sites).set({ name }).where(eq(sites.userId, userId));

describe('the render cache', () => {
  it('serves the second anonymous visit from the cache, byte for byte', async () => {
    const { seller, url, first } = await sellerWithPage();
    await renameInSql(t, seller.user.id, 'Renamed in SQL');
    const second = await visit(t, url);
    expect(cacheOf(second)).toBe('hit');
    expect(second.statusCode).toBe(200);
    expect(second.headers['content-type']).toBe(first.headers['content-type']);
    expect(second.body).toBe(first.body);
    expect(second.headers['set-cookie']).toBeUndefined();
  });

  it('counts its hits, misses and bypasses for /metrics', async () => {
    const counts = async () => {
      const metric = await metricsOf(t.deps).registry.getSingleMetric('storefront_render_cache_requests_total')!.get();
      const of = (result: string) => metric.values.find((v) => v.labels.result === result)?.value ?? 0;
      return { hit: of('hit'), miss: of('miss'), bypass: of('bypass') };
    };
    const before = await counts();
    const { seller, url } = await sellerWithPage();
    await visit(t, url);
    await visit(t, url);
    // A member's visit to the seller's checkout (a personal page under their site) is never cached.
    await visit(t, `${url}/checkout`, { cookie: `token=${seller.token}` });
    expect(await counts()).toEqual({ hit: before.hit + 2, miss: before.miss + 1, bypass: before.bypass + 1 });
  });

  it('covers the post pages, the products list and /{username}-x too', async () => {
    const { seller, post } = await sellerWithPage();
    for (const path of [post.path.slice(`/${seller.user.username}`.length), '/products', '-x']) {
      const url = `/${seller.user.username}${path}`;
      expect(cacheOf(await visit(t, url)), url).toBe('miss');
      expect(cacheOf(await visit(t, url)), url).toBe('hit');
    }
  });

  it('serves signed-in visitors the shared copy too, without touching their session (docs/decisions/045)', async () => {
    const { seller, url, first } = await sellerWithPage();
    await renameInSql(t, seller.user.id, 'Not for the owner either');
    const signedIn = await visit(t, url, { cookie: `token=${seller.token}` });
    expect(cacheOf(signedIn)).toBe('hit');
    expect(signedIn.body).toBe(first.body);
    // An expired or unknown session is not even read here: no refresh, no cookies cleared.
    const stale = await visit(t, url, { cookie: 'refreshToken=not-a-real-token' });
    expect(cacheOf(stale)).toBe('hit');
    expect(stale.headers['set-cookie']).toBeUndefined();
  });

  it('renders every visit of a signed-in visitor to a personal page of the site afresh, and never keeps it', async () => {
    const { seller, url } = await sellerWithPage();
    const checkout = `${url}/checkout`;
    const signedIn = await visit(t, checkout, { cookie: `token=${seller.token}` });
    expect(cacheOf(signedIn)).toBe('bypass');
    expect(signedIn.headers['cache-control']).toBe('private, no-store');
    // An expired or unknown session cookie is a session check there (it clears the cookies).
    const stale = await visit(t, checkout, { cookie: 'refreshToken=not-a-real-token' });
    expect(cacheOf(stale)).toBe('bypass');
    expect(stale.headers['set-cookie']).toBeDefined();
  });

  it('never keeps a page that is not found, nor pages outside sellers’ sites', async () => {
    for (let i = 0; i < 2; i++) {
      const missing = await visit(t, '/nobody-has-this-name');
      expect(missing.statusCode).toBe(404);
      expect(cacheOf(missing)).toBe('miss');
    }
    const about = await visit(t, '/about');
    expect(about.statusCode).toBe(200);
    expect(cacheOf(about)).toBeUndefined();
  });

  it('allows exactly the inline scripts of a cached page by hash, with no nonce or unsafe-inline', async () => {
    const { url } = await sellerWithPage();
    const hit = await visit(t, url);
    expect(cacheOf(hit)).toBe('hit');
    const csp = String(hit.headers['content-security-policy']);
    const scriptSrc = /(?:^|; )script-src ([^;]*)/.exec(csp)?.[1]?.split(' ') ?? [];
    const inline = [...hit.body.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
      .filter(([, attributes]) => !/\ssrc=/.test(attributes!))
      .map(([, , text]) => `'sha256-${createHash('sha256').update(text!).digest('base64')}'`);
    expect(inline.length).toBeGreaterThan(1);
    // Among them the script that loads the page's modules after its first paint (ADR 081), which
    // first starts the Intl warm-up's worker from a blob (ADR 085): the policy lets that in.
    expect(hit.body).toMatch(/<script[^>]*>\(function\(d\)\{try\{new Worker\([^<]*?function add\(/);
    expect(csp).toContain("worker-src 'self' blob:");
    expect(new Set(scriptSrc)).toEqual(new Set(["'self'", ...inline]));
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    expect(csp).not.toContain('nonce-');
    // The rest of the page policy is unchanged.
    expect(csp).toMatch(/^default-src 'self'; /);
    expect(csp).toContain("object-src 'none'");
  });

  it('answers HEAD from the cache without a body', async () => {
    const { url } = await sellerWithPage();
    const head = await visit(t, url, { method: 'HEAD' });
    expect(head.statusCode).toBe(200);
    expect(cacheOf(head)).toBe('hit');
    expect(head.body).toBe('');
    expect(head.headers['content-type']).toMatch(/^text\/html/);
  });

  it('sends brotli or gzip computed once, both decoding to the same page', async () => {
    const { url } = await sellerWithPage();
    const plain = await visit(t, url);
    const br = await visit(t, url, { encoding: 'gzip, deflate, br, zstd' });
    const gz = await visit(t, url, { encoding: 'gzip' });
    for (const res of [plain, br, gz]) {
      expect(cacheOf(res)).toBe('hit');
      expect(res.headers.vary).toMatch(/accept-encoding/i);
    }
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(br.headers['content-encoding']).toBe('br');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain.body);
    expect(zlib.gunzipSync(gz.rawPayload).toString('utf8')).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
  });

  it('keeps the cookie notice and its absence apart', async () => {
    const { url } = await sellerWithPage();
    const consented = await visit(t, url, { cookie: 'cookieConsent=1' });
    expect(cacheOf(consented)).toBe('miss');
    expect(consented.body).not.toContain(COOKIE_NOTICE_TEXT);
    expect(cacheOf(await visit(t, url, { cookie: 'cookieConsent=1; _ga=GA1.1' }))).toBe('hit');
    const notice = await visit(t, url);
    expect(cacheOf(notice)).toBe('hit');
    expect(notice.body).toContain(COOKIE_NOTICE_TEXT);
  });

  it('ignores tracking parameters and keeps other queries apart', async () => {
    const { url } = await sellerWithPage();
    const tracked = await visit(t, `${url}?utm_source=instagram&fbclid=PAxyz123`);
    expect(cacheOf(tracked)).toBe('hit');
    expect(tracked.body).not.toContain('PAxyz123');
    expect(cacheOf(await visit(t, `${url}?page=2`))).toBe('miss');
    expect(cacheOf(await visit(t, `${url}?page=2&utm_medium=social`))).toBe('hit');
    expect(cacheOf(await visit(t, `${url}?q=${'x'.repeat(600)}`))).toBe('bypass');
  });

  it('renders a page once for visitors arriving together', async () => {
    const seller = await signedInUser(t.deps);
    await createProduct(t, seller.user, { title: 'Popular post' });
    const url = `/${seller.user.username}`;
    const answers = await Promise.all(Array.from({ length: 6 }, () => visit(t, url)));
    expect(answers.map(cacheOf).sort()).toEqual(['hit', 'hit', 'hit', 'hit', 'hit', 'miss']);
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
  });

  it('renders a page again after five minutes even without a write, serving the old one meanwhile', async () => {
    const { seller, url, first } = await sellerWithPage();
    await renameInSql(t, seller.user.id, 'After the TTL');
    expect(cacheOf(await visit(t, url))).toBe('hit');
    t.advanceTime(5 * 60_000 + 1);
    const later = await visit(t, url);
    expect(cacheOf(later)).toBe('revalidate');
    expect(later.body).toBe(first.body);
    await renderCacheOf(t.deps.env)!.settled();
    const renewed = await visit(t, url);
    expect(cacheOf(renewed)).toBe('hit');
    expect(renewed.body).toContain('After the TTL');
  });

  it("drops a post's page whose address moved on (renamed unannounced): past the TTL it redirects", async () => {
    const { seller, post } = await sellerWithPage(t, 'Quiet mug');
    expect(cacheOf(await visit(t, post.path))).toBe('miss');
    expect(cacheOf(await visit(t, post.path))).toBe('hit');
    // Behind the app's back: no change is announced, so only the TTL finds it out.
    await t.deps.database.db
      .update(products)
      .set({ title: 'Loud mug' })
      .where(eq(products.id, post._id));
    t.advanceTime(5 * 60_000 + 1);
    expect(cacheOf(await visit(t, post.path))).toBe('revalidate');
    await renderCacheOf(t.deps.env)!.settled();
    // The render behind found a redirect: the old copy is gone, not kept as "out of date".
    const moved = await visit(t, post.path);
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe(`/${seller.user.username}/loud-mug-${post.shortId}`);
  });
});

describe('writes that only move counts (docs/decisions/044)', () => {
  const floor = RENDER_CACHE_LIMITS.refreshFloorMs;
  const like = (app: TestApp, member: { auth: Record<string, string> }, id: string) =>
    inject(app, { method: 'POST', url: '/api/v1/products/like', headers: member.auth, payload: { id } });

  it('a like keeps the cached page, served while one render replaces it; an edit of the post drops it', async () => {
    const { seller, post } = await sellerWithPage(t, 'Liked mug');
    const url = post.path;
    const first = await visit(t, url);
    expect(cacheOf(first)).toBe('miss');
    expect(first.body).toContain('data-testid="like-button-count">0<');
    // Kept (a visit meanwhile would wait for the render and get it as a hit).
    expect(cacheOf(await visit(t, url))).toBe('hit');
    const member = await signedInUser(t.deps);
    expect((await like(t, member, post._id)).statusCode).toBe(200);

    // Not dropped: the same page, not a render the visitor waits for.
    const next = await visit(t, url);
    expect(cacheOf(next)).toBe('revalidate');
    expect(next.body).toBe(first.body);
    // Once the floor since its render passed, a visit starts the one render that replaces it.
    t.advanceTime(floor);
    expect((await visit(t, url)).body).toBe(first.body);
    await renderCacheOf(t.deps.env)!.settled();
    const renewed = await visit(t, url);
    expect(cacheOf(renewed)).toBe('hit');
    expect(renewed.body).toContain('data-testid="like-button-count">1<');

    const edited = await inject(t, {
      method: 'PUT',
      url: '/api/v1/products',
      headers: seller.auth,
      payload: { _id: post._id, title: 'Renamed mug', price: 12 },
    });
    expect(edited.statusCode).toBe(200);
    // The title is in the address: the old one now redirects (never the old page from the cache).
    const renamed = (edited.json() as { product: { path: string } }).product.path;
    const moved = await visit(t, url);
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe(renamed);
    const afterEdit = await visit(t, renamed);
    expect(cacheOf(afterEdit)).toBe('miss');
    expect(afterEdit.body).toContain('Renamed mug');
  });

  it('a member who reloads after their like waits for the one render and sees it counted; visitors get the old page', async () => {
    const { post } = await sellerWithPage(t, 'Reloaded mug');
    const url = post.path;
    const first = await visit(t, url);
    expect(first.body).toContain('data-testid="like-button-count">0<');
    expect(cacheOf(await visit(t, url))).toBe('hit');
    const member = await signedInUser(t.deps);
    expect((await like(t, member, post._id)).statusCode).toBe(200);

    // Within the floor since the page's render: a visitor is not made to wait…
    const visitor = await visit(t, url);
    expect(cacheOf(visitor)).toBe('revalidate');
    expect(visitor.body).toBe(first.body);
    // …but the member is answered with the page rendered again, their like in its count.
    const reloaded = await visit(t, url, { cookie: `token=${member.token}` });
    expect(cacheOf(reloaded)).toBe('miss');
    expect(reloaded.body).toContain('data-testid="like-button-count">1<');
    // And that render is the shared copy from then on.
    const after = await visit(t, url);
    expect(cacheOf(after)).toBe('hit');
    expect(after.body).toBe(reloaded.body);
  });

  it('a follow keeps the page too; a block drops it', async () => {
    const { seller, url } = await sellerWithPage(t, 'Followed mug');
    expect(cacheOf(await visit(t, url))).toBe('hit');
    const member = await signedInUser(t.deps);
    const social = (path: string) =>
      inject(t, { method: 'POST', url: `/api/v1/users/${path}`, headers: member.auth, payload: { id: seller.user.id } });
    expect((await social('follow')).statusCode).toBe(200);
    expect(cacheOf(await visit(t, url))).toBe('revalidate');
    expect((await social('block')).statusCode).toBe(200);
    expect(cacheOf(await visit(t, url))).toBe('miss');
  });
});

describe('invalidation on every kind of write', () => {
  /** The page shows `text` freshly rendered, then comes from the cache again. */
  async function showsAtOnce(url: string, text: string) {
    const next = await visit(t, url);
    expect(cacheOf(next)).toBe('miss');
    expect(next.body).toContain(text);
    expect(cacheOf(await visit(t, url))).toBe('hit');
  }

  it('a site change (PUT /sites)', async () => {
    const { seller, url } = await sellerWithPage();
    const saved = await inject(t, {
      method: 'PUT',
      url: '/api/v1/sites',
      headers: seller.auth,
      payload: { name: 'A brand new site name' },
    });
    expect(saved.statusCode).toBe(200);
    await showsAtOnce(url, 'A brand new site name');
  });

  it('a profile change (PUT /users)', async () => {
    const { seller, url } = await sellerWithPage();
    const saved = await inject(t, {
      method: 'PUT',
      url: '/api/v1/users',
      headers: seller.auth,
      payload: { user: { bio: 'Now throwing porcelain as well.' } },
    });
    expect(saved.statusCode).toBe(200);
    await showsAtOnce(url, 'Now throwing porcelain as well.');
  });

  it('a new post, a status change and a deletion (PUT, PATCH /status, DELETE /products)', async () => {
    const { seller, post, url } = await sellerWithPage();
    const created = await inject(t, {
      method: 'PUT',
      url: '/api/v1/products',
      headers: seller.auth,
      payload: { title: 'Second mug', price: 21 },
    });
    expect(created.statusCode).toBe(200);
    await showsAtOnce(url, 'Second mug');

    const drafted = await inject(t, {
      method: 'PATCH',
      url: '/api/v1/products/status',
      headers: seller.auth,
      payload: { id: post._id, status: 'draft' },
    });
    expect(drafted.statusCode).toBe(200);
    const afterDraft = await visit(t, url);
    expect(cacheOf(afterDraft)).toBe('miss');
    expect(afterDraft.body).not.toContain('First mug');

    const second = created.json().product._id as string;
    expect(cacheOf(await visit(t, `${url}/${second}`))).toBe('miss');
    const deleted = await inject(t, {
      method: 'DELETE',
      url: `/api/v1/products?id=${second}`,
      headers: seller.auth,
    });
    expect(deleted.statusCode).toBe(200);
    const afterDelete = await visit(t, url);
    expect(cacheOf(afterDelete)).toBe('miss');
    expect(afterDelete.body).not.toContain('Second mug');
    expect((await visit(t, `${url}/${second}`)).statusCode).toBe(404);
  });

  it("keeps a seller's pages when another seller writes", async () => {
    const a = await sellerWithPage(t, 'Kept mug');
    const b = await sellerWithPage(t, 'Other mug');
    await inject(t, {
      method: 'PUT',
      url: '/api/v1/products',
      headers: b.seller.auth,
      payload: { title: 'Other seller news', price: 5 },
    });
    expect(cacheOf(await visit(t, a.url))).toBe('hit');
    expect(cacheOf(await visit(t, b.url))).toBe('miss');
  });
});

const redisUrl = process.env.TEST_REDIS_URL;

describe.runIf(redisUrl)('the render cache across instances (Redis)', () => {
  let a: TestApp;
  let b: TestApp;
  let instances: TwoInstances | undefined;
  beforeAll(async () => {
    instances = await twoInstancesOnRedis(redisUrl!, { web: productionWeb() });
    ({ a, b } = instances);
  }, 180_000);
  afterAll(() => instances?.close());

  it("drops the other instance's cached page when one instance writes", async () => {
    const { seller, url } = await sellerWithPage(b, 'Before the write');
    // Other processes may share this Redis and announce changes too (a change for everyone
    // empties the cache): visit until B serves the page from its cache.
    let warm = await visit(b, url);
    for (let i = 0; i < 20 && cacheOf(warm) !== 'hit'; i++) warm = await visit(b, url);
    expect(cacheOf(warm)).toBe('hit');
    // B hears of A's write through Redis (no fixed sleep: the listener resolves on arrival)…
    const heard = new Promise<void>((resolve) => {
      const stop = onContentChange(b.deps.env, (change) => {
        if (change.userIds?.includes(seller.user.id)) {
          stop();
          resolve();
        }
      });
    });
    const saved = await inject(a, {
      method: 'PUT',
      url: '/api/v1/products',
      headers: seller.auth,
      payload: { title: 'Written on A', price: 9 },
    });
    expect(saved.statusCode).toBe(200);
    await heard;
    // …and renders the page afresh.
    const seen = await visit(b, url);
    expect(cacheOf(seen)).toBe('miss');
    expect(seen.body).toContain('Written on A');
  });

  it("keeps the other instance's cached page, out of date, when one instance takes a like", async () => {
    const { seller, post, url } = await sellerWithPage(b, 'Liked across');
    let warm = await visit(b, url);
    for (let i = 0; i < 20 && cacheOf(warm) !== 'hit'; i++) warm = await visit(b, url);
    expect(cacheOf(warm)).toBe('hit');
    const heard = new Promise<void>((resolve) => {
      const stop = onContentChange(b.deps.env, (change) => {
        if (change.soft && change.userIds?.includes(seller.user.id)) {
          stop();
          resolve();
        }
      });
    });
    const member = await signedInUser(a.deps);
    const liked = await inject(a, {
      method: 'POST',
      url: '/api/v1/products/like',
      headers: member.auth,
      payload: { id: post._id },
    });
    expect(liked.statusCode).toBe(200);
    await heard;
    const seen = await visit(b, url);
    expect(cacheOf(seen)).toBe('revalidate');
    expect(seen.body).toBe(warm.body);
  });
});
