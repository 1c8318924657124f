import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { openPostgres } from '../../src/server/db/postgres';
import { sites } from '../../src/server/db/schema';
import { inject, signedInUser } from '../factories/accounts';
import { createProduct } from '../factories/catalog';
import type { TestApp } from './app';

/**
 * What an instance answers while its database is away (docs/decisions/038), asserted the same
 * whichever way it went away: a pool aimed at nothing, a server stopped, connections killed.
 */

/** An API answer of a database away: 503 DB_UNAVAILABLE in the error shape, with Retry-After. */
export function expectDatabaseUnavailable(res: LightMyRequestResponse, what = 'the answer') {
  expect(res.statusCode, what).toBe(503);
  expect(res.headers['retry-after'], what).toBe('5');
  expect(res.json(), what).toMatchObject({
    statusCode: 503,
    error: 'Service Unavailable',
    code: 'DB_UNAVAILABLE',
    message: expect.stringMatching(/\S/),
  });
}

/**
 * A typed call (typedClient) refused because the database is away: it rejects with the 503, and
 * its raw answer — `answered()`, the last one the client's `onAnswer` saw — is a database away's.
 */
export async function expectCallUnavailable(
  call: Promise<unknown>,
  answered: () => LightMyRequestResponse | undefined,
  what = 'the call',
) {
  await expect(call, what).rejects.toMatchObject({ status: 503, code: 'DB_UNAVAILABLE' });
  expectDatabaseUnavailable(answered()!, what);
}

/** The short "We'll be right back" page: a 503 with Retry-After, no script, the page CSP. */
export function expectUnavailablePage(res: LightMyRequestResponse, what = 'the page') {
  expect(res.statusCode, what).toBe(503);
  expect(res.headers['retry-after'], what).toBe('5');
  expect(res.headers['content-type'], what).toBe('text/html; charset=utf-8');
  expect(res.headers['cache-control'], what).toBe('no-store');
  expect(res.headers['content-security-policy'], what).toMatch(/script-src 'self' 'nonce-/);
  expect(res.body, what).toContain("We'll be right back");
  expect(res.body, what).not.toMatch(/<script|Error:|\n\s+at /);
}

/** A seller's page, visited anonymously: from the render cache (`hit`) or not. */
export const visitPage = (t: TestApp, url: string, host?: string) =>
  inject(t, { url, headers: host ? { host } : {} });

let domains = 0;
/**
 * A seller with a post and a verified custom domain, whose page has been visited twice — on the
 * app's host and on the domain — so both are in the render cache.
 */
export async function sellerWithCachedPages(t: TestApp) {
  const seller = await signedInUser(t.deps, { plan: 'creator' });
  const post = await createProduct(t, seller.user, { title: 'Kept in the cache' });
  const domain = `away${++domains}-${process.pid}.example.com`;
  await t.deps.database.db
    .update(sites)
    .set({ domainName: domain, domainToken: 'token', domainVerifiedAt: new Date() })
    .where(eq(sites.userId, seller.user.id));
  const url = `/${seller.user.username}`;
  for (const host of [undefined, domain]) {
    const path = host ? '/' : url;
    expect((await visitPage(t, path, host)).headers['x-render-cache'], host ?? url).toBe('miss');
    const hit = await visitPage(t, path, host);
    expect(hit.headers['x-render-cache'], host ?? url).toBe('hit');
    expect(hit.body).toContain('Kept in the cache');
  }
  const { username } = seller.user;
  return { seller, username, url, domain, uncachedUrl: post.path };
}

/**
 * Everything an instance answers while the database is away: the API and readiness say 503
 * DB_UNAVAILABLE, liveness holds, a page not in the render cache is the 503 page, and the cached
 * pages of `cached` (sellerWithCachedPages) are still served.
 */
export async function expectServingWithoutDatabase(
  t: TestApp,
  cached: Awaited<ReturnType<typeof sellerWithCachedPages>>,
) {
  const site = `/api/v1/sites?username=${cached.username}`;
  expectDatabaseUnavailable(await inject(t, { url: site }), `GET ${site}`);
  expectDatabaseUnavailable(await inject(t, { url: '/api/v1/health/ready' }), 'ready');
  expect((await inject(t, { url: '/api/v1/health/live' })).statusCode).toBe(200);
  expectUnavailablePage(await visitPage(t, cached.uncachedUrl), cached.uncachedUrl);
  for (const [path, host] of [
    [cached.url, undefined],
    ['/', cached.domain],
  ] as const) {
    const page = await visitPage(t, path, host);
    expect(page.statusCode, host ?? path).toBe(200);
    expect(page.headers['x-render-cache'], host ?? path).toBe('hit');
    expect(page.body).toContain('Kept in the cache');
  }
}

/** A PostgreSQL address nothing listens on: every query fails as against a stopped server. */
const NOWHERE = 'postgres://postgres@127.0.0.1:54419/nowhere';

/**
 * Takes a running test app's database away and back (docs/decisions/038): its database is swapped
 * for a pool aimed at NOWHERE (ECONNREFUSED on every query) while `whileAway` runs, and put back
 * whatever happens. `close` restores it for good and closes the pool.
 */
export async function databaseSwitch(t: TestApp) {
  const present = t.deps.database;
  const away = await openPostgres(NOWHERE, { migrate: false, onConnectionError: () => {} });
  return {
    async whileAway(work: () => Promise<void>) {
      t.deps.database = away;
      try {
        await work();
      } finally {
        t.deps.database = present;
      }
    },
    async close() {
      t.deps.database = present;
      await away.close();
    },
  };
}
