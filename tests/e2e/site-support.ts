import type { APIRequestContext, Page } from '@playwright/test';
import { accountsApi } from '../../src/shared/api/accounts';
import { catalogApi } from '../../src/shared/api/catalog';
import { sitesApi } from '../../src/shared/api/sites';
import type { Product } from '../../src/shared/contracts/catalog';
import type { PublicSite } from '../../src/shared/contracts/sites';
import { apiLogin } from './catalog-support';
import { DEMO_PASSWORD, apiClient, expect, waitForLink } from './support';

// Helpers of the seller's-site specs (user-site*.spec.ts).

export const INSTAGRAM_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 7 Build/UQ1A.240205.004; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/124.0.6367.82 Mobile Safari/537.36 Instagram 330.0.0.40.92 Android (34/14; 420dpi; 1080x2400; Google/google; Pixel 7; panther; panther; en_US; 598323397)';

/** A seller's published posts, newest first, as the API lists them. */
export async function postsOf(request: APIRequestContext, username: string): Promise<Product[]> {
  const { products } = await apiClient(request).call(catalogApi.productsByUser, {
    params: { username },
    query: { limit: 100 },
  });
  return products;
}

/** A seller's public site as GET /sites answers it (the demo's branding lives in the seed). */
export async function siteOf(request: APIRequestContext, username: string): Promise<PublicSite> {
  return apiClient(request).call(sitesApi.site, { query: { username } });
}

/** `#7c2d12` → `rgb(124, 45, 18)`, as computed styles report colours. */
export function rgbOf(hex: string): string {
  const n = parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
}

/** Meta tags of the page, by property or name. */
export const metaContent = (page: Page, key: string) =>
  page.locator(`meta[property="${key}"], meta[name="${key}"]`).first().getAttribute('content');

/** Every JSON-LD block of the page, parsed. */
export async function jsonLd(page: Page): Promise<Record<string, unknown>[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((b) => JSON.parse(b) as Record<string, unknown>);
}

/** The share button is shown once the page runs JavaScript: a sign that it has hydrated. */
export const hydrated = (page: Page) =>
  expect(page.getByRole('button', { name: /^Share/ }).first()).toBeVisible();

/** A new seller: registered (not yet activated) with the API context `api`. */
export async function registerSeller(api: APIRequestContext) {
  const username = `shop${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const email = `${username}@example.com`;
  const client = apiClient(api);
  await client.call(accountsApi.register, {
    body: { username, name: 'Kiln Corner', email, password: DEMO_PASSWORD, accountType: 'seller' },
  });
  return {
    username,
    email,
    async activate() {
      const link = await waitForLink(email, /\/users\/activate-account\?token=/);
      const token = new URL(link).searchParams.get('token')!;
      await client.call(accountsApi.activateAccount, { query: { token } });
      return apiLogin(api, { email, password: DEMO_PASSWORD });
    },
  };
}
