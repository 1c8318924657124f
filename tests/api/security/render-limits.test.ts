import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app';
import { productionWeb } from '../../helpers/web-build';
import { nextIp, signedInUser } from '../../factories/accounts';
import { createProduct } from '../../factories/catalog';

/**
 * Render limits (issue 23, "cache-busting renders"): `/maya?cb=N` with a fresh N rendered the page
 * afresh every time, with no limit per client. A parameter no page reads is now left out of the
 * render cache's key (a hit), and renders no cache answers are limited per client address — the
 * forwarded one only behind a trusted proxy — with a short 429 page. Cache hits never count.
 */
const LIMIT = 3;
/** The one proxy the app trusts (TRUST_PROXY): only its X-Forwarded-For is believed. */
const PROXY = '10.250.0.1';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(
    {},
    { RENDER_RATE_LIMIT_PER_MINUTE: String(LIMIT), TRUST_PROXY: PROXY },
    { web: productionWeb() },
  );
}, 300_000);
afterAll(() => t?.close());

interface From {
  address: string;
  forwardedFor?: string;
  cookie?: string;
}
const visit = (url: string, { address, forwardedFor, cookie }: From) =>
  t.app.inject({
    url,
    remoteAddress: address,
    headers: {
      ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
      ...(cookie ? { cookie } : {}),
    },
  });
const cacheOf = (res: LightMyRequestResponse) => res.headers['x-render-cache'];

/** A seller with a published post: the page under test. */
async function sellerPage() {
  const seller = await signedInUser(t.deps);
  await createProduct(t, seller.user, { title: 'A mug' });
  return { seller, url: `/${seller.user.username}` };
}

function expectLimited(res: LightMyRequestResponse) {
  expect(res.statusCode).toBe(429);
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(60);
  expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
  expect(res.headers['cache-control']).toBe('no-store');
  // A page a person can read: what happened, and when to try again.
  expect(res.body).toContain('<html lang="en">');
  expect(res.body).toContain('<h1>Too many pages at once</h1>');
  expect(res.body).toMatch(/Please wait \d+ seconds and reload this page\./);
}

describe('cache-busting query strings', () => {
  it('serve the cached page: a parameter no page reads is not part of the key', async () => {
    const { url } = await sellerPage();
    const from = { address: nextIp() };
    expect(cacheOf(await visit(url, from))).toBe('miss');
    // More than the limit: hits never count, so none of them is refused either.
    for (let cb = 1; cb <= LIMIT * 3; cb++) {
      const res = await visit(`${url}?cb=${cb}&utm_source=x`, from);
      expect(res.statusCode).toBe(200);
      expect(cacheOf(res), `?cb=${cb}`).toBe('hit');
      expect(res.body).not.toContain(`cb=${cb}`);
    }
  });

  it('keep the parameters the pages read apart', async () => {
    const { url } = await sellerPage();
    const from = { address: nextIp() };
    expect(cacheOf(await visit(`${url}?page=2`, from))).toBe('miss');
    expect(cacheOf(await visit(`${url}?page=2&cb=7`, from))).toBe('hit');
    expect(cacheOf(await visit(`${url}?sort=oldest`, from))).toBe('miss');
  });
});

describe('renders no cache answers', () => {
  it('are limited per client address, with a short 429 page saying when to retry', async () => {
    const { url } = await sellerPage();
    const from = { address: nextIp() };
    for (let page = 1; page <= LIMIT; page++) {
      const res = await visit(`${url}?page=${page + 1}`, from);
      expect(res.statusCode, `render ${page}`).toBe(200);
      expect(cacheOf(res)).toBe('miss');
    }
    expectLimited(await visit(`${url}?page=${LIMIT + 2}`, from));
    // The app's own pages render afresh for everyone: they count too.
    expectLimited(await visit('/marketplace', from));
    // A page already in the cache is still served to that address; another address renders.
    expect((await visit(`${url}?page=2`, from)).statusCode).toBe(200);
    expect((await visit(`${url}?page=${LIMIT + 2}`, { address: nextIp() })).statusCode).toBe(200);
  });

  it('do not count for a member signed in on a page rendered for them', async () => {
    const member = await signedInUser(t.deps);
    const from = { address: nextIp(), cookie: `token=${member.token}` };
    for (let i = 0; i <= LIMIT; i++) expect((await visit('/marketplace', from)).statusCode).toBe(200);
    // Without the session, the same address is limited.
    const anonymous = { address: from.address };
    for (let i = 0; i < LIMIT; i++) expect((await visit('/marketplace', anonymous)).statusCode).toBe(200);
    expectLimited(await visit('/marketplace', anonymous));
  });

  it('count the forwarded address behind the trusted proxy, and the socket address otherwise', async () => {
    const viaProxy = (client: string) => ({ address: PROXY, forwardedFor: client });
    const [first, second] = [nextIp(), nextIp()];
    for (let i = 0; i < LIMIT; i++) expect((await visit('/marketplace', viaProxy(first))).statusCode).toBe(200);
    expectLimited(await visit('/marketplace', viaProxy(first)));
    // Another client behind the same proxy has its own allowance.
    expect((await visit('/marketplace', viaProxy(second))).statusCode).toBe(200);

    // A client that is not the proxy cannot pick a fresh address by writing the header itself.
    const direct = nextIp();
    for (let i = 0; i < LIMIT; i++) {
      const res = await visit('/marketplace', { address: direct, forwardedFor: nextIp() });
      expect(res.statusCode).toBe(200);
    }
    expectLimited(await visit('/marketplace', { address: direct, forwardedFor: nextIp() }));
  });
});
