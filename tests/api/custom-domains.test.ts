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
import { accountsApi, catalogApi, commerceApi, fillPath, type EndpointDef } from '../../src/shared/api';

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

/** Every answer on a seller's domain is checked: none may set a cookie (docs/decisions/050). */
function noCookieOnSellerDomain(host: string, res: LightMyRequestResponse) {
  if (!host.startsWith('localhost')) expect(res.headers['set-cookie'], host).toBeUndefined();
  return res;
}
const onHost = async (host: string, url: string, cookie?: string) =>
  noCookieOnSellerDomain(host, await inject(t, { url, headers: { host, ...(cookie ? { cookie } : {}) } }));
/** An API call through its catalogue description, addressed to `host`. */
async function callOn(
  host: string,
  endpoint: EndpointDef,
  { params, query, body, headers = {} }: { params?: object; query?: Record<string, string>; body?: object; headers?: Record<string, string> } = {},
) {
  const search = query ? `?${new URLSearchParams(query).toString()}` : '';
  return noCookieOnSellerDomain(
    host,
    await inject(t, {
      method: endpoint.method,
      url: `/api/v1${fillPath(endpoint.path, params as Record<string, unknown>)}${search}`,
      headers: { host, ...headers },
      ...(body ? { payload: body } : {}),
    }),
  );
}
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

  it('renders a post at /{slug}-{shortId}, and their products, checkout and own /{username} paths', async () => {
    const { domain, username, posts } = await sellerOnDomain();
    const segment = posts[0]!.path.split('/')[2];
    const post = await onHost(domain, `/${segment}`);
    expect(post.statusCode).toBe(200);
    expect(post.body).toContain('Sea-glass bowl');
    expect(routerPathOf(post)).toBe(posts[0]!.path);
    // A post's old address on the domain moves to its current one there, in one hop.
    const old = await onHost(domain, `/${posts[0]!._id}?page=2`);
    expect(old.statusCode).toBe(301);
    expect(old.headers.location).toBe(`/${segment}?page=2`);

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

  it('sends every page that is not the seller’s to the same path on the marketplace (303)', async () => {
    const { domain, username, posts } = await sellerOnDomain();
    const other = await sellerOnDomain({ name: 'Other Shop' });
    const away = {
      // account pages
      '/login?redirectTo=%2Fsales': '/login?redirectTo=%2Fsales',
      '/logout': '/logout',
      '/login?action=register': '/login?action=register',
      '/orders': '/orders',
      '/sales': '/sales',
      '/edit-profile': '/edit-profile',
      '/messages?tab=sent': '/messages?tab=sent',
      '/password-reset/abc': '/password-reset/abc',
      // the marketplace's own pages
      '/marketplace': '/marketplace',
      '/pricing': '/pricing',
      '/about': '/about',
      '/index-landing': '/index-landing',
      // another seller's page and post, by their username
      [`/${other.username}`]: `/${other.username}`,
      [`/${other.username}/${other.posts[0]!._id}`]: `/${other.username}/${other.posts[0]!._id}`,
      // a post's preview is its seller's (an account page), under its marketplace path
      [`/${posts[0]!._id}/preview`]: `/${username}/${posts[0]!._id}/preview`,
      [`/${username}/${posts[0]!._id}/preview`]: `/${username}/${posts[0]!._id}/preview`,
    };
    for (const [path, target] of Object.entries(away)) {
      const res = await onHost(domain, path);
      expect(res.statusCode, path).toBe(303);
      expect(res.headers.location, path).toBe(`http://localhost:3000${target}`);
    }
    // A form posted to the domain's /login is sent away too, its fields never replayed (303).
    const posted = await inject(t, {
      method: 'POST',
      url: '/login',
      headers: { host: domain, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=a%40b.c&password=secret-secret',
    });
    expect(posted.statusCode).toBe(303);
    expect(posted.headers.location).toBe('http://localhost:3000/login');
  });

  it("answers the router's data requests for other pages with a document redirect", async () => {
    const { domain, username } = await sellerOnDomain();
    const res = await onHost(domain, '/login.data?_routes=routes%2Flogin&redirectTo=%2Forders');
    expect(res.statusCode).toBe(204);
    expect(res.headers['x-remix-redirect']).toBe('http://localhost:3000/login?redirectTo=%2Forders');
    expect(res.headers['x-remix-reload-document']).toBe('true');
    // The seller's own data requests are served.
    const own = await onHost(domain, `/${username}.data`);
    expect(own.statusCode).toBe(200);
  });

  it('serves the link-in-bio card at /{username}-x', async () => {
    const { domain, username } = await sellerOnDomain();
    const card = await onHost(domain, `/${username}-x`);
    expect(card.statusCode).toBe(200);
    expect(routerPathOf(card)).toBe(`/${username}-x`);
  });

  it('keeps the marketplace host as it was (log in is there)', async () => {
    const login = await onHost('localhost', '/login');
    expect(login.statusCode).toBe(200);
    expect(login.body).toContain('name="password"');
  });

  it('gives canonical URLs on the domain', async () => {
    const { domain, posts } = await sellerOnDomain();
    const home = await onHost(domain, '/');
    expect(home.body).toContain(`<link rel="canonical" href="https://${domain}/"`);
    const segment = posts[0]!.path.split('/')[2];
    const post = await onHost(domain, `/${segment}`);
    expect(post.body).toContain(`<link rel="canonical" href="https://${domain}/${segment}"`);
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

describe("the API on a seller's domain (docs/decisions/050)", () => {
  it('answers the public reads the seller’s page needs', async () => {
    const { domain, username } = await sellerOnDomain();
    const list = await callOn(domain, catalogApi.productsByUser, { params: { username } });
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain('Tide-pool mug');
  });

  it('refuses every call that carries a session, whatever the call', async () => {
    const { domain, username, seller } = await sellerOnDomain();
    const ways = {
      'x-access-token': { 'x-access-token': seller.token },
      authorization: { authorization: `Bearer ${seller.token}` },
      'token cookie': { cookie: `token=${seller.token}` },
      'refreshToken cookie': { cookie: `cookieConsent=1; refreshToken=${seller.refreshToken}` },
    };
    for (const [way, headers] of Object.entries(ways)) {
      for (const [endpoint, input] of [
        [accountsApi.me, {}],
        [catalogApi.productsByUser, { params: { username } }],
      ] as const) {
        const res = await callOn(domain, endpoint, { ...input, headers });
        expect(res.statusCode, `${way} ${endpoint.path}`).toBe(403);
        expect(res.json()).toMatchObject({ code: 'SELLER_DOMAIN' });
        expect(res.json().message).toMatch(/Sign in and manage your account on the marketplace/);
      }
    }
    // The same token on the marketplace's own host still works.
    const mine = await callOn('localhost', accountsApi.me, { headers: ways['x-access-token'] });
    expect(mine.statusCode).toBe(200);
  });

  it('refuses every sign-in, sign-up, refresh, sign-out and password call', async () => {
    const { domain, seller } = await sellerOnDomain();
    const auth = Object.values(accountsApi).filter((e) => (e.tags as readonly string[]).includes('auth'));
    expect(auth.map((e) => e.path)).toEqual(
      expect.arrayContaining(['/login', '/register', '/token', '/logout', '/users/password', '/users/password-reset-link']),
    );
    for (const endpoint of auth) {
      const res = await callOn(domain, endpoint, {
        query: { token: 'x' },
        body: { email: seller.user.email, password: seller.password },
      });
      expect(res.statusCode, endpoint.path).toBe(403);
      expect(res.json().message, endpoint.path).toMatch(/not available on a seller's own domain/);
    }
  });
});

describe("checkout from a seller's domain (docs/decisions/050)", () => {
  it('sends the cart to the marketplace in a signed link that fills its checkout', async () => {
    const { domain, posts } = await sellerOnDomain();
    // The cart page's form may be redirected to the marketplace (CSP form-action).
    const page = await onHost(domain, '/checkout');
    expect(page.headers['content-security-policy']).toContain("form-action 'self' http://localhost:3000;");
    const lines = [{ _id: posts[0]!._id, amount: 2, selectedVariations: {} }];
    const posted = noCookieOnSellerDomain(
      domain,
      await inject(t, {
        method: 'POST',
        url: '/checkout',
        headers: { host: domain, 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ lines: JSON.stringify(lines) }).toString(),
      }),
    );
    expect(posted.statusCode).toBe(303);
    const target = new URL(String(posted.headers.location));
    expect(target.origin).toBe('http://localhost:3000');
    expect(target.pathname).toBe('/checkout');
    const cart = target.searchParams.get('cart')!;

    const checkout = await onHost('localhost', `/checkout?cart=${encodeURIComponent(cart)}`);
    expect(checkout.statusCode).toBe(200);
    // The lines, priced and titled now, are in the page's data for the cart to take in.
    expect(checkout.body).toContain('Sea-glass bowl');
    expect(checkout.body).not.toContain('data-testid="cart-link-error"');

    const tampered = await onHost('localhost', `/checkout?cart=${encodeURIComponent(`x${cart}`)}`);
    expect(tampered.statusCode).toBe(200);
    expect(tampered.body).toContain('data-testid="cart-link-error"');
    expect(tampered.body).toContain('This cart link was changed or is not one of ours.');
  });

  it('says what is wrong with an empty cart posted to checkout', async () => {
    const { domain } = await sellerOnDomain();
    const posted = await inject(t, {
      method: 'POST',
      url: '/checkout',
      headers: { host: domain, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'lines=%5B%5D',
    });
    expect(posted.statusCode).toBe(400);
    expect(posted.headers['set-cookie']).toBeUndefined();
  });

  it('makes links only through the catalogue call, refused without lines', async () => {
    const { domain } = await sellerOnDomain();
    const res = await callOn(domain, commerceApi.makeCartLink, { body: { items: [] } });
    expect(res.statusCode).toBe(400);
  });
});
