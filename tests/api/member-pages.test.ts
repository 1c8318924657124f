import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { productionWeb } from '../helpers/web-build';
import { inject, signedInUser } from '../factories/accounts';
import { createProduct } from '../factories/catalog';
import { follow, likeProduct, likeUser, ok } from '../factories/social';

/**
 * A seller's pages are one HTML for everyone (docs/decisions/045): rendered without reading the
 * session, kept in the render cache for members as for visitors, with nothing of any member in
 * them — what is personal is filled in by the page after it loads (GET /me/page-state).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, {}, { web: productionWeb() });
}, 180_000);
afterAll(() => t?.close());

type Member = Awaited<ReturnType<typeof signedInUser>>;
const page = (url: string, member?: Member): Promise<LightMyRequestResponse> =>
  inject(t, {
    method: 'GET',
    url,
    // Both cookies, as a browser sends them: the access token and the refresh token.
    headers: member ? { cookie: `token=${member.token}; refreshToken=${member.refreshToken}` } : {},
  });

/** Whatever would name the member in a page: their id, username, name, email and tokens. */
const traces = (m: Member) => [m.user.id, m.user.username, m.user.name, m.user.email, m.token, m.refreshToken];

describe("a seller's pages for members", () => {
  it('are the same bytes for two members and a visitor, hold nothing of either member, and come from the cache', async () => {
    const seller = await signedInUser(t.deps, { name: 'Shared Seller' });
    const post = await createProduct(t, seller.user, { title: 'Shared mug' });
    const ann = await signedInUser(t.deps, { name: 'Ann Personal' });
    const bob = await signedInUser(t.deps, { name: 'Bob Personal' });
    // Ann likes and follows: a page rendered for her would say so.
    ok(await likeProduct(t, ann.auth, post._id));
    ok(await likeUser(t, ann.auth, seller.user.id));
    ok(await follow(t, ann.auth, seller.user.id));

    for (const url of [`/${seller.user.username}`, post.path]) {
      const asAnn = await page(url, ann);
      expect(asAnn.statusCode, url).toBe(200);
      expect(asAnn.headers['x-render-cache'], url).toBe('miss');
      expect(asAnn.headers['set-cookie'], url).toBeUndefined();
      const asBob = await page(url, bob);
      expect(asBob.headers['x-render-cache'], url).toBe('hit');
      const asVisitor = await page(url);
      expect(asVisitor.headers['x-render-cache'], url).toBe('hit');

      expect(asBob.body).toBe(asAnn.body);
      expect(asVisitor.body).toBe(asAnn.body);
      for (const trace of [...traces(ann), ...traces(bob)]) expect(asAnn.body, `${url}: ${trace}`).not.toContain(trace);
      // Rendered for nobody: the follow and like buttons are in their neutral state.
      expect(asAnn.body).toMatch(/data-testid="(follow-button|like-button)"/);
      expect(asAnn.body).not.toMatch(/data-(liked|following)="true"/);
    }
  });

  it("renders for nobody even when nothing is cached yet: the owner's own visit too", async () => {
    const seller = await signedInUser(t.deps, { name: 'Owner Unseen' });
    await createProduct(t, seller.user, { title: 'Owner mug' });
    const url = `/${seller.user.username}`;
    const asOwner = await page(url, seller);
    expect(asOwner.headers['x-render-cache']).toBe('miss');
    // The owner's controls are filled in by the page: the render holds the visitors' buttons.
    expect(asOwner.body).toContain('data-testid="follow-button"');
    expect(asOwner.body).not.toContain('owner-edit-page');
    expect(asOwner.body).not.toContain(seller.user.email);
    expect((await page(url)).body).toBe(asOwner.body);
  });

  it('keeps pages personal by nature uncached and no-store', async () => {
    const member = await signedInUser(t.deps);
    for (const url of ['/orders', '/edit-page', `/${member.user.username}/checkout`]) {
      const res = await page(url, member);
      expect(res.headers['cache-control'], url).toBe('private, no-store');
      expect(res.headers['x-render-cache'], url).not.toBe('hit');
    }
  });
});
