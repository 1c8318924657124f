import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { productionWeb } from '../helpers/web-build';
import { inject, signedInUser } from '../factories/accounts';
import { createProduct } from '../factories/catalog';

/**
 * The pages every visitor renders afresh (docs/decisions/046), through the production build as
 * `npm start` serves it: their loaders read the API without one in-process HTTP call, and their
 * inline data carries what the cards show, not whole posts.
 */
let t: TestApp;
let seller: Awaited<ReturnType<typeof signedInUser>>;
const posts: { _id: string }[] = [];
const DESCRIPTION = 'Only the post page shows this description';

beforeAll(async () => {
  t = await createTestApp({}, {}, { web: productionWeb() });
  seller = await signedInUser(t.deps, { username: 'cards-seller', accountType: 'seller' });
  for (let i = 1; i <= 2; i++) {
    const post = await createProduct(t, seller.user, {
      title: `Card post ${i}`,
      description: DESCRIPTION,
      _tags: ['cards', 'trimmed'],
      variations: [{ name: 'Size', options: [{ name: 'Large' }] }],
    });
    posts.push(post);
  }
}, 180_000);
afterAll(() => t?.close());

/** Renders `url` while counting app.inject calls: the render's own request is the one expected. */
async function render(url: string, cookie?: string) {
  const injects = vi.spyOn(t.app, 'inject');
  try {
    const res = await inject(t, { url, headers: cookie ? { cookie } : {} });
    return { res, injects: injects.mock.calls.length };
  } finally {
    injects.mockRestore();
  }
}

describe('pages rendered afresh', () => {
  it.each(['/marketplace', '/', '/login'])(
    '%s reads its data with no in-process HTTP call',
    async (url) => {
      const { res, injects } = await render(url);
      expect(res.statusCode).toBe(200);
      expect(injects).toBe(1);
    },
  );

  it('a signed-in /marketplace (session, header, lists) makes none either', async () => {
    const { res, injects } = await render('/marketplace', `token=${seller.token}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Card post 1');
    expect(injects).toBe(1);
  });

  it.each(['/marketplace', '/', '/cards-seller', '/cards-seller-x', '/cards-seller/products'])(
    '%s shows the cards, and its inline data holds no more than they show',
    async (url) => {
      const { res } = await render(url);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('Card post 1');
      expect(res.body).toContain('cards-seller');
      // Fields of a post no card shows: its description, variations, shipping, stock, dates.
      expect(res.body).not.toContain(DESCRIPTION);
      for (const field of [
        '"variations"',
        '"shippingCost"',
        '"likesType"',
        '"createdAt"',
        '"fullsize"',
      ]) {
        expect(res.body).not.toContain(field.replaceAll('"', '\\"'));
      }
    },
  );

  it('/marketplace writes its card and tag links as React Router’s Link does, and goes out compressed in one piece', async () => {
    const res = await inject(t, { url: '/marketplace', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    // One buffer, compressed in one call (docs/decisions/078): an exact length, no chunked stream.
    expect(res.headers['content-length']).toBe(String(res.rawPayload.length));
    const html = zlib.brotliDecompressSync(res.rawPayload).toString('utf8');
    for (const [i, post] of posts.entries()) {
      expect(html).toContain(
        `<a class="after:absolute after:inset-0" href="/items/${post._id}" data-discover="true">Card post ${i + 1}</a>`,
      );
    }
    // The categories and the header's strip.
    expect(html).toMatch(
      /<a class="pill-link" href="\/products\/tags\/cards" data-discover="true">#<!-- -->cards/,
    );
    expect(html).toMatch(
      /<a class="[^"]*bg-gray-100[^"]*" href="\/products\/tags\/trimmed" data-discover="true">/,
    );
  });

  it.each(['/login', '/marketplace'])(
    '%s asks for its modules after the first paint (docs/decisions/081)',
    async (url) => {
      const { res } = await render(url);
      const html = res.body;
      // Nothing in the document fetches the app's JavaScript before the page is drawn.
      expect(html).not.toContain('<link rel="modulepreload"');
      expect(html).not.toMatch(/<script[^>]*type="module"/);
      // The boot script, with this answer's nonce, waits for a frame, then preloads and imports them.
      const nonce = /'nonce-([^']+)'/.exec(String(res.headers['content-security-policy']))![1]!;
      const boot = new RegExp(
        `<script nonce="${nonce.replace(/[+/=]/g, '\\$&')}">(\\(function\\(d\\)[^<]*)</script>`,
      ).exec(html);
      expect(boot?.[1]).toMatch(/requestAnimationFrame/);
      expect(boot?.[1]).toMatch(/"\/assets\/entry\.client-[\w-]+\.js"/);
      expect(boot?.[1]).toMatch(/\["\/assets\/root-[\w-]+\.js",/);
      expect(boot?.[1]).toContain('return import(u)');
    },
  );
});
