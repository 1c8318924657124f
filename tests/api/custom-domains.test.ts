import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sites, users } from '../../src/server/db/schema';
import { announceChange } from '../../src/server/modules/core';
import { sitePathOnDomain } from '../../src/server/http/pages/site-hosts';
import { createTestApp, type TestApp } from '../helpers/app';
import { productionWeb } from '../helpers/web-build';
import { inject, signedInUser } from '../factories/accounts';
import { createProduct } from '../factories/catalog';

/**
 * A page request addressed to a seller's verified custom domain renders that seller's site
 * (docs/decisions/017). Verification itself (TXT record or served token) is the sites module's and
 * tested with it; here the domain is marked verified in the database, as a successful check does.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, {}, { web: productionWeb() });
}, 180_000);
afterAll(() => t?.close());

let domains = 0;
/** A seller with two posts and `domain` (a fresh one by default), verified unless told otherwise. */
async function sellerOnDomain({ verified = true, name = 'Harbour Ceramics' } = {}) {
  const seller = await signedInUser(t.deps, { name, plan: 'creator' });
  const older = await createProduct(t, seller.user, { title: 'Sea-glass bowl' });
  const newer = await createProduct(t, seller.user, { title: 'Tide-pool mug' });
  const domain = `shop${++domains}.example.com`;
  await t.deps.database.db
    .update(sites)
    .set({
      domainName: domain,
      domainToken: 'token',
      domainVerifiedAt: verified ? new Date() : null,
    })
    .where(eq(sites.userId, seller.user.id));
  return { seller, username: seller.user.username, domain, posts: [older, newer] };
}

const onHost = (host: string, url: string, cookie?: string) =>
  inject(t, { url, headers: { host, ...(cookie ? { cookie } : {}) } });
const routerPathOf = (res: LightMyRequestResponse) =>
  /<html[^>]* data-router-path="([^"]*)"/.exec(res.body)?.[1];
const isMarketplaceHome = (res: LightMyRequestResponse) =>
  res.statusCode === 200 &&
  res.body.includes('data-testid="hero-signup"') &&
  routerPathOf(res) === undefined;

describe('a verified custom domain', () => {
  it("renders the seller's site at /, with their name and posts", async () => {
    const { domain, username } = await sellerOnDomain();
    const home = await onHost(domain, '/');
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('Harbour Ceramics');
    expect(home.body).toContain('Sea-glass bowl');
    expect(home.body).toContain('Tide-pool mug');
    // The router rendered the seller's own path; the client hydrates against it (entry.client.tsx).
    expect(routerPathOf(home)).toBe(`/${username}`);
    // The same with a port (a proxy on another port) and in capitals.
    const shouted = await onHost(`${domain.toUpperCase()}:8443`, '/');
    expect(routerPathOf(shouted)).toBe(`/${username}`);
  });

  it('renders a post at /{id}, and their products, checkout and own /{username} paths', async () => {
    const { domain, username, posts } = await sellerOnDomain();
    const post = await onHost(domain, `/${posts[0]!._id}`);
    expect(post.statusCode).toBe(200);
    expect(post.body).toContain('Sea-glass bowl');
    expect(routerPathOf(post)).toBe(`/${username}/${posts[0]!._id}`);

    const list = await onHost(domain, '/products?page=1');
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain('Tide-pool mug');
    expect(routerPathOf(list)).toBe(`/${username}/products?page=1`);

    const checkout = await onHost(domain, '/checkout');
    expect(checkout.statusCode).toBe(200);
    expect(routerPathOf(checkout)).toBe(`/${username}/checkout`);

    const own = await onHost(domain, `/${username}`);
    expect(own.statusCode).toBe(200);
    expect(routerPathOf(own)).toBe(`/${username}`);
  });

  it('renders the marketplace pages (log in) as they are', async () => {
    const { domain } = await sellerOnDomain();
    const login = await onHost(domain, '/login');
    expect(login.statusCode).toBe(200);
    expect(login.body).toContain('name="password"');
    expect(routerPathOf(login)).toBe('/login');
  });

  it('gives canonical URLs on the domain', async () => {
    const { domain, posts } = await sellerOnDomain();
    const home = await onHost(domain, '/');
    expect(home.body).toContain(`<link rel="canonical" href="https://${domain}/"`);
    const post = await onHost(domain, `/${posts[0]!._id}`);
    expect(post.body).toContain(`<link rel="canonical" href="https://${domain}/${posts[0]!._id}"`);
  });

  it('keeps the cached pages of each host apart', async () => {
    const { domain, username } = await sellerOnDomain();
    const first = await onHost(domain, '/');
    expect(first.headers['x-render-cache']).toBe('miss');
    const again = await onHost(domain, '/');
    expect(again.headers['x-render-cache']).toBe('hit');
    expect(again.body).toBe(first.body);
    // The same site on the marketplace's own host is another page (no domain in it).
    const main = await onHost('localhost', `/${username}`);
    expect(main.headers['x-render-cache']).toBe('miss');
    expect(routerPathOf(main)).toBeUndefined();
    // And / of the marketplace is the marketplace.
    expect(isMarketplaceHome(await onHost('localhost', '/'))).toBe(true);
  });

  it('stops serving the site as soon as a change to it is announced (the domain removed)', async () => {
    const { seller, domain } = await sellerOnDomain();
    expect(routerPathOf(await onHost(domain, '/'))).toBeDefined();
    await t.deps.database.db
      .update(sites)
      .set({ domainName: null, domainVerifiedAt: null })
      .where(eq(sites.userId, seller.user.id));
    // What PUT /sites announces after its commit.
    announceChange(t.moduleDeps(), { kind: 'site', userIds: [seller.user.id] });
    expect(isMarketplaceHome(await onHost(domain, '/'))).toBe(true);
  });
});

describe('hosts that are not a live custom domain', () => {
  it('an unverified domain falls back to the marketplace', async () => {
    const { domain } = await sellerOnDomain({ verified: false });
    expect(isMarketplaceHome(await onHost(domain, '/'))).toBe(true);
  });

  it('an unknown host, an IP address or a malformed host falls back to the marketplace', async () => {
    for (const host of ['nobody-claimed-this.example.org', '203.0.113.7', 'under_score.example']) {
      expect(isMarketplaceHome(await onHost(host, '/')), host).toBe(true);
    }
  });

  it("a suspended owner's domain falls back to the marketplace", async () => {
    const { seller, domain } = await sellerOnDomain();
    await t.deps.database.db
      .update(users)
      .set({ status: 'suspended' })
      .where(eq(users.id, seller.user.id));
    expect(isMarketplaceHome(await onHost(domain, '/'))).toBe(true);
  });
});

describe('sitePathOnDomain', () => {
  const id = '0b9d8f9e-6f1a-4c47-9d53-2f5a3c7e1a10';
  it.each([
    ['/', '/maya'],
    ['/?page=2', '/maya?page=2'],
    [`/${id}`, `/maya/${id}`],
    [`/${id}/preview`, `/maya/${id}/preview`],
    ['/products', '/maya/products'],
    ['/products/tags/bowls?sort=oldest', '/maya/products/tags/bowls?sort=oldest'],
    ['/checkout', '/maya/checkout'],
    ['/maya/products', '/maya/products'],
    ['/login', '/login'],
    ['/marketplace', '/marketplace'],
    [`/${id}/other`, `/${id}/other`],
    ['/maya.data', '/maya.data'],
    ['/_root.data', '/_root.data'],
  ])('%s → %s', (url, expected) => {
    expect(sitePathOnDomain(url, 'maya')).toBe(expected);
  });
});
