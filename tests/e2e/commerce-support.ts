import type { APIRequestContext, Browser, Page } from '@playwright/test';
import type { Order } from '../../src/shared/contracts/commerce';
import type { Product, ProductInput } from '../../src/shared/contracts/catalog';
import { BUYER_ADDRESS, VISA } from '../helpers/checkout-data';
import { apiLogin, createPost } from './catalog-support';
import { DEMO_PASSWORD, acceptCookies, expect, nextClientIp, waitForLink } from './support';
import { hydrated, registerSeller } from './site-support';

// Helpers of the commerce specs (checkout, orders and sales, feedback and payouts, the whole flow).

export interface Member {
  username: string;
  email: string;
  password: string;
  /** An access token for API calls as this member. */
  token: string;
}

/** A new member of `accountType`, activated through the emailed link, with an access token. */
export async function registerMember(
  api: APIRequestContext,
  name: string,
  accountType: 'buyer' | 'seller' | 'both',
): Promise<Member> {
  const username = `m${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  const email = `${username}@example.com`;
  const res = await api.post('/api/v1/register', {
    data: { username, name, email, password: DEMO_PASSWORD, accountType },
  });
  expect(res.status(), await res.text()).toBe(201);
  const link = await waitForLink(email, /\/users\/activate-account\?token=/);
  const activated = await api.get(
    `/api/v1/users/activate-account?token=${new URL(link).searchParams.get('token')}`,
  );
  expect(activated.status(), await activated.text()).toBe(200);
  const who = { email, password: DEMO_PASSWORD };
  return { username, ...who, token: await apiLogin(api, who) };
}

/** POST `path` as the token's member; the answer's JSON (a failure fails the test with its body). */
export async function apiPost(api: APIRequestContext, token: string, path: string, data: object) {
  const res = await api.post(`/api/v1${path}`, { data, headers: { 'x-access-token': token } });
  expect(res.ok(), `${path}: ${await res.text()}`).toBe(true);
  return res.json();
}

export { BUYER_ADDRESS };

/**
 * A new, activated seller with one post of `input`, and a new buyer named `buyerName`: fresh
 * members, so their lists hold only what the test does.
 */
export async function sellerAndBuyer(
  api: APIRequestContext,
  input: ProductInput,
  buyerName: string,
) {
  const seller = await registerSeller(api);
  const sellerToken = await seller.activate();
  const post = await createPost(api, sellerToken, input);
  const buyer = await registerMember(api, buyerName, 'buyer');
  return { seller, sellerToken, post, buyer };
}

/** The post's stock as GET /products/{id} answers it. */
export async function stockOf(api: APIRequestContext, postId: string): Promise<number> {
  const res = await api.get(`/api/v1/products/${postId}`);
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { product: { stock: number } }).product.stock;
}

/**
 * An order of the lines, paid with 4242… through the embedded card form's own calls (address,
 * order, payment intent, confirm). Returns the order as placed.
 */
export async function paidOrder(
  api: APIRequestContext,
  token: string,
  lines: { postId: string; amount?: number }[],
): Promise<Order> {
  const { address } = await apiPost(api, token, '/addresses', { address: BUYER_ADDRESS });
  const { order } = (await apiPost(api, token, '/orders', {
    items: lines.map((l) => ({ _id: l.postId, amount: l.amount ?? 1, selectedVariations: {} })),
    shippingAddressId: address._id,
  })) as { order: Order };
  const intent = await apiPost(api, token, '/payment-intent', { orderId: order._id });
  await apiPost(api, token, '/payments/local/confirm', {
    paymentIntentId: intent.paymentIntentId,
    card: VISA,
  });
  return order;
}

/** A browser context of its own (axe needs one), signed in as `who`, from its own client address. */
export async function signedIn(
  browser: Browser,
  baseURL: string | undefined,
  who: { email: string; password: string },
): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext({
    baseURL,
    extraHTTPHeaders: { 'x-forwarded-for': nextClientIp() },
  });
  await acceptCookies(context, baseURL);
  const page = await context.newPage();
  await apiLogin(page.request, who);
  return { page, close: () => context.close() };
}

/** Adds one of the post to the cart from its page. */
export async function addToCart(page: Page, post: Product) {
  await page.goto(`/products/${post._id}`);
  // The button is server-rendered: a click before hydration would do nothing.
  await hydrated(page);
  await page.getByTestId('post-add-to-cart').click();
  await expect(page.getByTestId('post-cart-status')).toContainText('Added to your cart.');
}

/** Fills the embedded card form with `number`, a future expiry and a CVC. */
export async function fillCard(page: Page, number: string) {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await page.getByLabel('CVC', { exact: true }).fill('123');
}
