import type { APIRequestContext } from '@playwright/test';
import type { Product, ProductInput } from '../../src/shared/contracts/catalog';
import { DEMO_PASSWORD, expect } from './support';

/** The e2e server's super admin (playwright.config.ts). */
export const ADMIN = { email: 'admin@example.com', password: 'admin-pass-123' };
export const MAYA = { email: 'maya@demo.storefront.test', password: DEMO_PASSWORD };

/**
 * Logs in through the API with `request` (a page's `page.request` signs the page in too) and
 * returns the access token for API calls (the API reads it from x-access-token only).
 */
export async function apiLogin(
  request: APIRequestContext,
  who: { email: string; password: string },
): Promise<string> {
  const res = await request.post('/api/v1/login', { data: who });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { user: { token: string } }).user.token;
}

/** PUT /products as the token's user. */
export async function createPost(
  request: APIRequestContext,
  token: string,
  input: ProductInput,
): Promise<Product> {
  const res = await request.put('/api/v1/products', {
    data: input,
    headers: { 'x-access-token': token },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { product: Product }).product;
}
