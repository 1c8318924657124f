import { STATIC_PAGES } from '../../src/server/http/pages/sitemap-xml';
import { accountsApi } from '../../src/shared/api/accounts';
import { apiClient, expect, test } from './support';

/** The content of `<meta name="description">`, or null when the page has none. */
function metaDescription(html: string): string | null {
  const tag = /<meta\s[^>]*name="description"[^>]*>/i.exec(html)?.[0];
  return tag ? (/content="([^"]*)"/i.exec(tag)?.[1] ?? '') : null;
}

/** Every static route of SPEC §2, rendered by the server (no browser needed). */
const PUBLIC = [
  '/',
  '/about',
  '/all-posts',
  '/careers',
  '/checkout',
  '/contact',
  '/how-to-sell-used-pc-hardware-online',
  '/how-we-count',
  '/index-landing',
  '/index-old',
  '/index-vintagebio',
  '/landing-old',
  '/login',
  '/login?action=register',
  '/marketplace',
  '/pricing',
  '/privacy',
  '/reset-password',
  '/search-results',
  '/terms',
  '/thanks',
  '/users/activate-account',
  '/password-reset',
  '/products',
  '/products/tags',
  '/products/feedback',
  '/items',
  '/maya',
  '/maya-x',
  '/maya/checkout',
  '/maya/products',
  '/maya/products/tags',
  '/maya/products/feedback',
];
/** Signed-in pages: visitors are sent to log in, remembering where they were going. */
const SIGNED_IN = [
  '/add-tags',
  '/admin-products',
  '/comments',
  '/offers',
  '/edit-page',
  '/edit-profile',
  '/favorites',
  '/feed',
  '/following',
  '/message',
  '/messages',
  '/my-posts',
  '/orders',
  '/returns',
  '/plan-selection',
  '/sales',
  '/insights',
  '/discounts',
  '/users',
  '/moderation',
  '/items/preview',
  '/add-edit-item',
  '/onboarding-success',
  '/onboarding-failure',
  '/feedback/orders',
];

test('every page the sitemap lists is one of the public pages checked here', () => {
  expect(STATIC_PAGES.filter((page) => !PUBLIC.includes(page))).toEqual([]);
});

test.describe('every SPEC §2 route answers', () => {
  for (const path of PUBLIC) {
    test(`GET ${path} → 200, server-rendered`, async ({ request }) => {
      const res = await request.get(path, { maxRedirects: 0 });
      expect(res.status()).toBe(200);
      const html = await res.text();
      expect(html).toMatch(/<h1[\s>]/);
      expect(html).not.toContain('This page could not be found');
      expect(metaDescription(html)?.trim(), 'meta description').toBeTruthy();
    });
  }

  for (const path of SIGNED_IN) {
    test(`GET ${path} signed out → /login remembering the page`, async ({ request }) => {
      const res = await request.get(path, { maxRedirects: 0 });
      expect(res.status()).toBe(302);
      expect(res.headers()['location']).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);
    });
  }

  test('signed in, every signed-in page has a meta description too', async ({ request }) => {
    // The super admin sees the admin pages as well.
    await apiClient(request).call(accountsApi.login, {
      body: { email: 'admin@example.com', password: 'admin-pass-123' },
    });
    for (const path of SIGNED_IN) {
      const res = await request.get(path, { maxRedirects: 0 });
      expect(res.status(), path).toBe(200);
      expect(metaDescription(await res.text())?.trim(), `${path}: meta description`).toBeTruthy();
    }
  });

  test('error pages have a meta description', async ({ request }) => {
    for (const path of ['/404', '/no/such/page', '/no-such-seller-here']) {
      const res = await request.get(path);
      expect(res.status(), path).toBe(404);
      expect(metaDescription(await res.text())?.trim(), `${path}: meta description`).toBeTruthy();
    }
  });

  test('hashed bundles are cached forever; pages are not', async ({ request }) => {
    const page = await request.get('/about');
    const asset = /\/assets\/[\w.-]+\.js/.exec(await page.text())?.[0];
    expect(asset).toBeTruthy();
    const res = await request.get(asset!);
    expect(res.status()).toBe(200);
    expect(res.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(page.headers()['cache-control'] ?? '').not.toContain('immutable');
    // The page carries its request id; the bundle, the same bytes for everyone, does not.
    expect(page.headers()['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers()['x-request-id']).toBeUndefined();
  });

  test('GET /api/v1/health answers ok', async ({ request }) => {
    const res = await request.get('/api/v1/health');
    expect(res.status()).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  test('GET /404 answers the not-found page with status 404', async ({ request }) => {
    const res = await request.get('/404');
    expect(res.status()).toBe(404);
    expect(await res.text()).toContain('This page could not be found');
  });
});
