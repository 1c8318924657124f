import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app';
import { productionWeb } from '../../helpers/web-build';
import { inject, signedInUser } from '../../factories/accounts';
import { createProduct } from '../../factories/catalog';
import { catalogApi, fillPath } from '../../../src/shared/api';
import type { Product } from '../../../src/shared/contracts/catalog';

/**
 * A post's page lives at `/{username}/{slug}-{shortId}` (docs/decisions/062): the short id finds
 * it, the slug follows its title, and every other address of it — its uuid, an old slug, the
 * products path — answers one permanent redirect there. Through the production build, as served.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, {}, { web: productionWeb() });
}, 180_000);
afterAll(() => t?.close());

const page = (url: string, cookie?: string) =>
  inject(t, { method: 'GET', url, headers: cookie ? { cookie } : {} });

async function sellerWithPost(title = 'Crème brûlée dish, 2 pieces') {
  const seller = await signedInUser(t.deps);
  const post = await createProduct(t, seller.user, { title });
  return { seller, username: seller.user.username, post };
}

describe('the address of a post', () => {
  it('is /{username}/{slug}-{shortId} in the API, and that page answers 200 with it as canonical', async () => {
    const { username, post } = await sellerWithPost();
    expect(post.shortId).toMatch(/^[0-9a-f]{12}$/);
    expect(post.path).toBe(`/${username}/creme-brulee-dish-2-pieces-${post.shortId}`);

    const res = await page(post.path);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('data-testid="site-post"');
    const absolute = `http://localhost:3000${post.path}`;
    expect(res.body).toContain(`<link rel="canonical" href="${absolute}"`);
    expect(res.body).toContain(`<meta property="og:url" content="${absolute}"`);
  });

  it('is read by its short id through the API as by its id', async () => {
    const { post } = await sellerWithPost('Short id mug');
    const byShortId = await page(`/api/v1${fillPath(catalogApi.product.path, { id: post.shortId })}`);
    expect(byShortId.statusCode).toBe(200);
    expect((byShortId.json() as { product: Product }).product).toEqual(post);
    const unknown = await page('/api/v1/products/000000000000');
    expect(unknown.statusCode).toBe(404);
    const malformed = await page('/api/v1/products/not-an-id');
    expect(malformed.statusCode).toBe(400);
  });

  it('answers the old uuid address, its preview and /products/{id} with one 301 to the current address', async () => {
    const { username, post } = await sellerWithPost('Old link lamp');
    const moves = {
      [`/${username}/${post._id}`]: post.path,
      [`/${username}/${post._id}?utm_source=mail&page=2`]: `${post.path}?page=2`,
      [`/${username.toUpperCase()}/${post._id.toUpperCase()}`]: post.path,
      [`/${username}/${post._id}/preview`]: `${post.path}/preview`,
      [`/${username}/products/${post._id}`]: post.path,
    };
    for (const [from, to] of Object.entries(moves)) {
      const res = await page(from);
      expect(res.statusCode, from).toBe(301);
      expect(res.headers.location, from).toBe(to);
    }
  });

  it('answers a wrong or outdated slug with a 301 to the current one', async () => {
    const { seller, username, post } = await sellerWithPost('Walnut stool');
    for (const from of [
      `/${username}/oak-stool-${post.shortId}`,
      `/${username}/${post.shortId}`,
      `/${username}/WALNUT-STOOL-${post.shortId.toUpperCase()}`,
    ]) {
      const res = await page(from);
      expect(res.statusCode, from).toBe(301);
      expect(res.headers.location, from).toBe(post.path);
    }

    // Renamed: the page was in the render cache under its old address, which now only redirects.
    expect((await page(post.path)).statusCode).toBe(200);
    expect((await page(post.path)).headers['x-render-cache']).toBe('hit');
    const edited = await inject(t, {
      method: 'PUT',
      url: '/api/v1/products',
      headers: seller.auth,
      payload: { _id: post._id, title: 'Walnut bar stool', price: 90 },
    });
    expect(edited.statusCode).toBe(200);
    const renamed = (edited.json() as { product: Product }).product;
    expect(renamed.shortId).toBe(post.shortId);
    expect(renamed.path).toBe(`/${username}/walnut-bar-stool-${post.shortId}`);
    const old = await page(post.path);
    expect(old.statusCode).toBe(301);
    expect(old.headers.location).toBe(renamed.path);
    const current = await page(renamed.path);
    expect(current.statusCode).toBe(200);
    expect(current.body).toContain('Walnut bar stool');
  });

  it('keeps the preview working at /{slug}-{shortId}/preview, drafts for their owner only', async () => {
    const { seller, post } = await sellerWithPost('Preview vase');
    const preview = await page(`${post.path}/preview`);
    expect(preview.statusCode).toBe(200);
    expect(preview.body).toContain('data-testid="site-post-preview"');
    expect(preview.body).toContain(`<link rel="canonical" href="http://localhost:3000${post.path}"`);

    const draft = await createProduct(t, seller.user, { title: 'Draft vase', status: 'draft' });
    const owner = `token=${seller.token}; refreshToken=${seller.refreshToken}`;
    expect((await page(`${draft.path}/preview`, owner)).statusCode).toBe(200);
    expect((await page(`${draft.path}/preview`)).statusCode).toBe(404);
    // A draft has no public page.
    expect((await page(draft.path)).statusCode).toBe(404);
  });

  it('is a 404 for unknown ids, another seller’s post and anything that is no post address', async () => {
    const { username, post } = await sellerWithPost('Mine');
    const other = await sellerWithPost('Theirs');
    for (const path of [
      `/${username}/mine-000000000000`,
      `/${username}/00000000-0000-4000-8000-000000000000`,
      `/${username}/00000000-0000-4000-8000-000000000000/preview`,
      `/${username}/${other.post.path.split('/')[2]}`,
      `/${username}/${other.post._id}`,
      `/${username}/mine`,
      `/${username}/mine-${post.shortId}x`,
    ]) {
      expect((await page(path)).statusCode, path).toBe(404);
    }
  });
});
