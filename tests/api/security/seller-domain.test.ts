import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsApi } from '../../../src/shared/api/accounts';
import { sites } from '../../../src/server/db/schema';
import { createTestApp, type TestApp } from '../../helpers/app';
import { productionWeb } from '../../helpers/web-build';
import { inject, signedInUser } from '../../factories/accounts';

/**
 * Issue 23, "a seller's domain can phish members" (docs/decisions/050): on a verified seller
 * domain the platform's /login form, other sellers' pages and POST /login all worked, and the
 * session cookies were set for that seller-controlled origin; account pages redirected to /login
 * on the same foreign host. Each of those now goes to the marketplace, or is refused.
 */
let t: TestApp;
let domain: string;
let member: Awaited<ReturnType<typeof signedInUser>>;
const APP = 'http://localhost:3000';

beforeAll(async () => {
  t = await createTestApp({}, {}, { web: productionWeb() });
  const leo = await signedInUser(t.deps, { name: 'Leo', plan: 'creator' });
  domain = 'leo-shop.example.com';
  await t.deps.database.db
    .update(sites)
    .set({ domainName: domain, domainToken: 'token', domainVerifiedAt: new Date() })
    .where(eq(sites.userId, leo.user.id));
  member = await signedInUser(t.deps, { name: 'Maya' });
}, 180_000);
afterAll(() => t?.close());

const setCookies = (res: LightMyRequestResponse) => res.headers['set-cookie'];

describe("a verified seller's domain", () => {
  it('does not show the log-in form: /login goes to the marketplace', async () => {
    const res = await inject(t, { url: '/login?redirectTo=%2Forders', headers: { host: domain } });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`${APP}/login?redirectTo=%2Forders`);
    expect(res.body).not.toContain('name="password"');
  });

  it("does not show another seller's page", async () => {
    const res = await inject(t, { url: `/${member.user.username}`, headers: { host: domain } });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`${APP}/${member.user.username}`);
  });

  it('sends account pages to the marketplace, not to /login on the seller’s host', async () => {
    const res = await inject(t, { url: '/orders', headers: { host: domain } });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`${APP}/orders`);
  });

  it('refuses POST /login with a message and sets no cookie', async () => {
    const res = await inject(t, {
      method: accountsApi.login.method,
      url: `/api/v1${accountsApi.login.path}`,
      headers: { host: domain },
      payload: { email: member.user.email, password: member.password },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'SELLER_DOMAIN' });
    expect(res.json().message).toMatch(/seller's own domain/);
    expect(setCookies(res)).toBeUndefined();
  });

  it('refuses a token refresh from the cookie and sets no cookie', async () => {
    const res = await inject(t, {
      method: accountsApi.refreshToken.method,
      url: `/api/v1${accountsApi.refreshToken.path}`,
      headers: { host: domain, cookie: `refreshToken=${member.refreshToken}` },
      payload: {},
    });
    expect(res.statusCode).toBe(403);
    expect(setCookies(res)).toBeUndefined();
  });

  it('does not sign a member in on a page request carrying their cookies', async () => {
    const res = await inject(t, {
      url: '/',
      headers: { host: domain, cookie: `refreshToken=${member.refreshToken}` },
    });
    expect(res.statusCode).toBe(200);
    expect(setCookies(res)).toBeUndefined();
    expect(res.body).not.toContain(member.user.email);
  });
});
