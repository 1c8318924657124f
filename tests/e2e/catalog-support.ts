import type { APIRequestContext, PlaywrightWorkerArgs } from '@playwright/test';
import { accountsApi } from '../../src/shared/api/accounts';
import { catalogApi } from '../../src/shared/api/catalog';
import type { Product, ProductInput } from '../../src/shared/contracts/catalog';
import { DEMO_PASSWORD, apiClient, nextClientIp } from './support';

/** The e2e server's super admin (playwright.config.ts). */
export const ADMIN = { email: 'admin@example.com', password: 'admin-pass-123' };
export const MAYA = { email: 'maya@demo.storefront.test', password: DEMO_PASSWORD };

/** An API context of its own client address (login is rate limited per address). */
export function apiContext(
  playwright: PlaywrightWorkerArgs['playwright'],
  baseURL: string | undefined,
): Promise<APIRequestContext> {
  return playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { 'x-forwarded-for': nextClientIp() },
  });
}

/**
 * Logs in through the API with `request` (a page's `page.request` signs the page in too) and
 * returns the access token for API calls (the API reads it from x-access-token only).
 */
export async function apiLogin(
  request: APIRequestContext,
  who: { email: string; password: string },
): Promise<string> {
  const { user } = await apiClient(request).call(accountsApi.login, { body: who });
  return user.token;
}

/** PUT /products as the token's user. */
export async function createPost(
  request: APIRequestContext,
  token: string,
  input: ProductInput,
): Promise<Product> {
  const { product } = await apiClient(request, { token }).call(catalogApi.saveProduct, {
    body: input,
  });
  return product;
}

/** Tags the header strip needs to overflow a phone's width (keyboard tests scroll through it). */
export const STRIP_TAGS = [
  'art',
  'fashion',
  'music',
  'handmade',
  'vintage',
  'pc-hardware',
  'ceramics',
  'retro-computing',
];

/** Makes sure GET /tags lists `tags` (POST /tags as the admin; adding an existing tag is a no-op). */
export async function ensureTags(
  request: APIRequestContext,
  tags: readonly string[] = STRIP_TAGS,
): Promise<void> {
  const admin = apiClient(request, { token: await apiLogin(request, ADMIN) });
  for (const tag of tags) await admin.call(catalogApi.addTag, { body: { tag } });
}
