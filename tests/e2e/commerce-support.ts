import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { accountsApi } from '../../src/shared/api/accounts';
import { catalogApi } from '../../src/shared/api/catalog';
import { commerceApi } from '../../src/shared/api/commerce';
import type { Order } from '../../src/shared/contracts/commerce';
import type { Product, ProductInput } from '../../src/shared/contracts/catalog';
import { BUYER_ADDRESS, VISA } from '../helpers/checkout-data';
import { apiLogin, createPost } from './catalog-support';
import {
  DEMO_PASSWORD,
  acceptCookies,
  apiClient,
  expect,
  nextClientIp,
  waitForLink,
} from './support';
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
  const client = apiClient(api);
  await client.call(accountsApi.register, {
    body: { username, name, email, password: DEMO_PASSWORD, accountType },
  });
  const link = await waitForLink(email, /\/users\/activate-account\?token=/);
  const token = new URL(link).searchParams.get('token')!;
  await client.call(accountsApi.activateAccount, { query: { token } });
  const who = { email, password: DEMO_PASSWORD };
  return { username, ...who, token: await apiLogin(api, who) };
}

/** A new saved address (BUYER_ADDRESS) of the token's member. */
export async function savedAddress(api: APIRequestContext, token: string) {
  const { address } = await apiClient(api, { token }).call(commerceApi.createAddress, {
    body: { address: BUYER_ADDRESS },
  });
  return address;
}

/** One of the token's member's orders, as GET /orders?id= answers it. */
export async function orderOf(api: APIRequestContext, token: string, id: string): Promise<Order> {
  const answer = await apiClient(api, { token }).call(commerceApi.orders, { query: { id } });
  if (!('order' in answer)) throw new Error(`GET /orders?id=${id} answered a list`);
  return answer.order;
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
  const { product } = await apiClient(api).call(catalogApi.product, { params: { id: postId } });
  return product.stock;
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
  const buyer = apiClient(api, { token });
  const address = await savedAddress(api, token);
  const { order } = await buyer.call(commerceApi.createOrder, {
    body: {
      items: lines.map((l) => ({ _id: l.postId, amount: l.amount ?? 1, selectedVariations: {} })),
      shippingAddressId: address._id,
    },
  });
  const intent = await buyer.call(commerceApi.createPaymentIntent, {
    body: { orderId: order._id },
  });
  await buyer.call(commerceApi.confirmLocalPayment, {
    body: { paymentIntentId: intent.paymentIntentId, card: VISA },
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
