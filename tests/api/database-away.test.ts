import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import {
  expectDatabaseUnavailable,
  expectServingWithoutDatabase,
  expectUnavailablePage,
  sellerWithCachedPages,
  visitPage,
  databaseSwitch,
} from '../helpers/database-away';
import { productionWeb } from '../helpers/web-build';
import { renderCacheOf } from '../../src/server/http/pages/cached-pages';
import { RENDER_CACHE_LIMITS } from '../../src/server/http/pages/render-cache';
import { inject, recordingLogger, signedInUser } from '../factories/accounts';
import { createProduct } from '../factories/catalog';

/**
 * The database away under a running app (docs/decisions/038), on either test database: the app's
 * database is swapped for a PostgreSQL pool aimed at a loopback port nothing listens on, so every
 * query fails as against a stopped server (ECONNREFUSED), then swapped back. The real stop and
 * restart of a server is tests/api/database-restart.pg.test.ts.
 */
let t: TestApp;
let log: ReturnType<typeof recordingLogger>;
let database: Awaited<ReturnType<typeof databaseSwitch>>;
beforeAll(async () => {
  log = recordingLogger();
  t = await createTestApp({ logger: log.logger }, {}, { web: productionWeb() });
  database = await databaseSwitch(t);
}, 180_000);
afterAll(async () => {
  await database?.close();
  await t?.close();
});

const withDatabaseAway = (work: () => Promise<void>) => database.whileAway(work);

describe('while the database is away', () => {
  it('answers the API 503 DB_UNAVAILABLE, pages the 503 page, and cached seller pages from the cache', async () => {
    const cached = await sellerWithCachedPages(t);
    await withDatabaseAway(() => expectServingWithoutDatabase(t, cached));
    // And all is as before once it is back.
    expect((await inject(t, { url: `/api/v1/sites?username=${cached.username}` })).statusCode).toBe(
      200,
    );
    expect((await inject(t, { url: '/api/v1/health/ready' })).statusCode).toBe(200);
    expect((await visitPage(t, cached.uncachedUrl)).statusCode).toBe(200);
  });

  it('still serves a custom domain whose look-up has expired, from its last known seller', async () => {
    const cached = await sellerWithCachedPages(t);
    // Past the host look-up's minute (site-hosts.ts), not the render cache's five.
    t.advanceTime(61_000);
    await withDatabaseAway(async () => {
      for (let visit = 0; visit < 2; visit++) {
        const page = await visitPage(t, '/', cached.domain);
        expect(page.statusCode).toBe(200);
        expect(page.headers['x-render-cache']).toBe('hit');
      }
      // A domain never looked up cannot be told from a stranger's: the 503 page.
      expectUnavailablePage(await visitPage(t, '/', 'never-seen.example.com'));
    });
  });

  it('serves a seller page just past its TTL as it is, while its re-render fails and until one succeeds', async () => {
    const cached = await sellerWithCachedPages(t);
    // Past the render cache's five minutes: served out of date while rendered behind the visitor
    // (docs/decisions/044) — a render that gets the 503 page keeps nothing.
    t.advanceTime(RENDER_CACHE_LIMITS.ttlMs + 1);
    await withDatabaseAway(async () => {
      for (let visit = 0; visit < 2; visit++) {
        const page = await visitPage(t, cached.url);
        expect(page.statusCode).toBe(200);
        expect(page.headers['x-render-cache']).toBe('revalidate');
        expect(page.body).toContain('Kept in the cache');
        await renderCacheOf(t.deps.env)!.settled();
      }
    });
    // Back: the next render past the floor replaces it.
    t.advanceTime(RENDER_CACHE_LIMITS.refreshFloorMs);
    expect((await visitPage(t, cached.url)).headers['x-render-cache']).toBe('revalidate');
    await renderCacheOf(t.deps.env)!.settled();
    expect((await visitPage(t, cached.url)).headers['x-render-cache']).toBe('hit');
  });

  it('serves a seller page long past its TTL from the cache rather than the 503 page, and renders it afresh once back', async () => {
    const cached = await sellerWithCachedPages(t);
    // Past the render cache's five minutes and the half hour it serves a page while re-rendering
    // it (render-cache.ts RENDER_CACHE_LIMITS): visits wait for a render, which gets the 503 page.
    t.advanceTime(RENDER_CACHE_LIMITS.ttlMs + RENDER_CACHE_LIMITS.staleWhileRevalidateMs + 1);
    await withDatabaseAway(async () => {
      const page = await visitPage(t, cached.url);
      expect(page.statusCode).toBe(200);
      expect(page.headers['x-render-cache']).toBe('stale');
      expect(page.body).toContain('Kept in the cache');
    });
    const back = await visitPage(t, cached.url);
    expect(back.statusCode).toBe(200);
    expect(back.headers['x-render-cache']).toBe('miss');
  });

  it('gives signed-in visitors the 503 page too (their session cannot be checked)', async () => {
    const member = await signedInUser(t.deps);
    const cookie = `token=${member.token}`;
    expect((await inject(t, { url: '/marketplace', headers: { cookie } })).statusCode).toBe(200);
    await withDatabaseAway(async () => {
      expectUnavailablePage(await inject(t, { url: '/marketplace', headers: { cookie } }));
      expectDatabaseUnavailable(
        await inject(t, { url: '/api/v1/users/me', headers: member.auth }),
        'GET /users/me',
      );
    });
  });

  it('never keeps the 503 page in the render cache', async () => {
    const seller = await signedInUser(t.deps);
    await createProduct(t, seller.user, { title: 'Not yet cached' });
    const url = `/${seller.user.username}`;
    await withDatabaseAway(async () => {
      expectUnavailablePage(await visitPage(t, url));
      expectUnavailablePage(await visitPage(t, url));
    });
    const back = await visitPage(t, url);
    expect(back.statusCode).toBe(200);
    expect(back.headers['x-render-cache']).toBe('miss');
    expect(back.body).toContain('Not yet cached');
  });

  it('logs the outage once, not once per request', async () => {
    const member = await signedInUser(t.deps);
    const outageLines = () =>
      log.entries().filter((e) => e.msg.startsWith('database unavailable')).length;
    const before = outageLines();
    await withDatabaseAway(async () => {
      for (let i = 0; i < 5; i++) {
        expect((await inject(t, { url: '/api/v1/health/ready' })).statusCode).toBe(503);
        expect(
          (await inject(t, { url: '/api/v1/users/me', headers: member.auth })).statusCode,
        ).toBe(503);
      }
    });
    // One line per 10 s at most: this test's five failures add at most one.
    expect(outageLines() - before).toBeLessThanOrEqual(1);
    expect(outageLines()).toBeGreaterThan(0);
    // No request failure was logged as an error (a 500 would be).
    expect(log.entries().filter((e) => e.level >= 50)).toEqual([]);
  });
});
