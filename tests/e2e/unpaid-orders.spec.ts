import type { Page, PlaywrightWorkerArgs } from '@playwright/test';
import { commerceApi } from '../../src/shared/api/commerce';
import type { ProductInput } from '../../src/shared/contracts/catalog';
import type { Order } from '../../src/shared/contracts/commerce';
import { COMMERCE_LIMITS, orderRef } from '../../src/shared/contracts/commerce-rules';
import { expectAccessible } from './axe';
import { MAYA, apiContext, apiLogin, createPost } from './catalog-support';
import { addToCart, registerMember, savedAddress } from './commerce-support';
import { API, acceptCookies, apiClient, expect, modal, test } from './support';

// Unpaid orders in the browser (issue 23, docs/decisions/052): the buyer lets an order go from the
// checkout's payment step and its item is theirs to order again at once; a member already holding
// the most unpaid orders is told which ones, on the payment step; a lost answer to placing is not a
// second unpaid order (docs/decisions/077). Cancelling from /orders: orders-sales.spec.ts.

const RUN = Date.now().toString(36);
const stepHeading = (page: Page) => page.locator('#checkout-step-heading');

/** The page's next POST /orders (what "Place order and pay" sends first). */
const nextOrderCall = (page: Page) =>
  page.waitForResponse(
    (r) =>
      r.request().method() === commerceApi.createOrder.method &&
      new URL(r.url()).pathname === `${API}${commerceApi.createOrder.path}`,
  );

/** The order the next "Place order and pay" places. */
async function nextPlacedOrder(page: Page): Promise<Order> {
  const res = await nextOrderCall(page);
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { order: Order }).order;
}

/** From the cart to the payment step with the buyer's one saved address. */
async function toPaymentStep(page: Page) {
  await page.getByTestId('cart-link').click();
  await page.getByTestId('cart-continue').click();
  await page.getByTestId('shipping-address-choices').getByRole('radio').check();
  await page.getByTestId('address-continue').click();
  await expect(stepHeading(page)).toHaveText('Review and pay');
}

/**
 * Maya's new post of `input`, and a new buyer with one saved address, signed in on `page` (their
 * API context `api` for calls of their own).
 */
async function buyerOfMayasPost(
  page: Page,
  playwright: PlaywrightWorkerArgs['playwright'],
  baseURL: string | undefined,
  input: ProductInput,
) {
  const maya = await apiContext(playwright, baseURL);
  const post = await createPost(maya, await apiLogin(maya, MAYA), input);
  const api = await apiContext(playwright, baseURL);
  const buyer = await registerMember(api, 'Ada Buyer', 'buyer');
  const address = await savedAddress(api, buyer.token);
  await apiLogin(page.request, buyer);
  return { post, api, buyer, addressId: address._id };
}

test.beforeEach(async ({ context, baseURL }) => acceptCookies(context, baseURL));

test('the buyer cancels at the payment step: confirmed, the order cancelled, the last item orderable again', async ({
  page,
  playwright,
  baseURL,
}) => {
  test.setTimeout(90_000);
  // One in stock: while the first order holds it, nobody (the buyer included) can order it.
  const { post: bowl } = await buyerOfMayasPost(page, playwright, baseURL, {
    title: `Only walnut bowl ${RUN}`,
    price: 40,
    shippingCost: 5,
    stock: 1,
  });
  await addToCart(page, bowl);
  await toPaymentStep(page);

  const placing = nextPlacedOrder(page);
  await page.getByTestId('place-order').click();
  const first = await placing;
  const cancel = page.getByTestId('cancel-order');
  await expect(page.getByLabel('Card number')).toBeVisible();
  await expect(cancel).toHaveAccessibleName(`Cancel order ${orderRef(first._id)}`);

  await test.step('Nope in the confirm keeps the order and its payment form', async () => {
    await cancel.click();
    await expect(modal(page)).toContainText(`Cancel order ${orderRef(first._id)}?`);
    await expect(modal(page)).toContainText('Its items are released for others to buy');
    await expectAccessible(page, 'checkout: confirm cancelling the order');
    await modal(page).getByRole('button', { name: 'Nope' }).click();
    await expect(modal(page)).toBeHidden();
    await expect(page.getByLabel('Card number')).toBeVisible();
  });

  await test.step('Okay cancels it: the payment form goes, the page says so', async () => {
    await cancel.click();
    await modal(page).getByRole('button', { name: 'Okay' }).click();
    await expect(modal(page)).toBeHidden();
    const status = page.getByRole('status').filter({ hasText: 'Order cancelled' });
    await expect(status).toHaveAttribute('data-testid', 'order-cancelled');
    await expect(status).toContainText('nothing was charged');
    await expect(page.getByLabel('Card number')).toHaveCount(0);
    await expect(cancel).toHaveCount(0);
    await expect(page.getByTestId('place-order')).toBeEnabled();
    await expectAccessible(page, 'checkout: the order cancelled');
  });

  await test.step('the released bowl is ordered again: a new order, payable', async () => {
    const placingAgain = nextPlacedOrder(page);
    await page.getByTestId('place-order').click();
    const second = await placingAgain;
    expect(second._id).not.toBe(first._id);
    await expect(page.getByLabel('Card number')).toBeVisible();
    await expect(page.getByTestId('payment-error')).toHaveCount(0);
  });

  await test.step('Purchases shows the first order cancelled by the buyer', async () => {
    await page.goto('/orders');
    const card = page.locator(`[data-order-id="${first._id}"]`);
    await expect(card.getByTestId('order-status')).toHaveText('Cancelled');
    await expect(card.getByTestId('cancel-reason')).toContainText('Cancelled by the buyer.');
    await expect(card.getByTestId('cancel-order')).toHaveCount(0);
  });
});

test('a fourth unpaid order is refused on the payment step, naming the open ones, in view and announced', async ({
  page,
  playwright,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const {
    post: jug,
    api,
    buyer,
    addressId,
  } = await buyerOfMayasPost(page, playwright, baseURL, {
    title: `Stoneware jug ${RUN}`,
    price: 22,
    stock: 10,
  });
  const open: Order[] = [];
  for (let i = 0; i < COMMERCE_LIMITS.unpaidOrdersMax; i++) {
    const { order } = await apiClient(api, { token: buyer.token }).call(commerceApi.createOrder, {
      body: {
        items: [{ _id: jug._id, amount: 1, selectedVariations: {} }],
        shippingAddressId: addressId,
      },
    });
    open.push(order);
  }

  await addToCart(page, jug);
  await toPaymentStep(page);
  const refusal = nextOrderCall(page);
  await page.getByTestId('place-order').click();
  expect((await refusal).status()).toBe(409);

  const alert = page.getByRole('alert').filter({ hasText: 'unpaid orders' });
  await expect(alert).toHaveAttribute('data-testid', 'payment-error');
  await expect(alert).toContainText(
    `You already have ${COMMERCE_LIMITS.unpaidOrdersMax} unpaid orders:`,
  );
  for (const order of open) await expect(alert).toContainText(orderRef(order._id));
  await expect(alert).toContainText('Pay or cancel one of them on your Purchases page');
  await expect(alert).toBeInViewport();
  // The cart is fine: the buyer stays on the payment step, with no payment form opened.
  await expect(stepHeading(page)).toHaveText('Review and pay');
  await expect(page.getByLabel('Card number')).toHaveCount(0);
  await expectAccessible(page, 'checkout: a fourth unpaid order refused');

  await test.step('one cancelled on Purchases, the order is placed', async () => {
    await page.goto('/orders');
    // The button is server-rendered: it does something once the page's scripts have run.
    await page.waitForLoadState('networkidle');
    const card = page.locator(`[data-order-id="${open[0]!._id}"]`);
    await card.getByTestId('cancel-order').click();
    await modal(page).getByRole('button', { name: 'Okay' }).click();
    await expect(card.getByTestId('order-status')).toHaveText('Cancelled');
    // The checkout opens again on the step the buyer left.
    await page.getByTestId('cart-link').click();
    await expect(stepHeading(page)).toHaveText('Review and pay');
    const placing = nextPlacedOrder(page);
    await page.getByTestId('place-order').click();
    await placing;
    await expect(page.getByLabel('Card number')).toBeVisible();
    await expect(page.getByTestId('payment-error')).toHaveCount(0);
  });
});

test('the answer to placing the order is lost: pressed again, the page pays that one order (ADR 077)', async ({
  page,
  playwright,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const {
    post: vase,
    api,
    buyer,
  } = await buyerOfMayasPost(page, playwright, baseURL, {
    title: `Glazed vase ${RUN}`,
    price: 30,
    stock: 5,
  });
  await addToCart(page, vase);
  await toPaymentStep(page);

  // The first POST /orders reaches the server, which places the order; its answer is lost on the
  // way back (as when the connection drops at COMMIT): the page is told 503.
  const keys: unknown[] = [];
  let lost: Order | undefined;
  await page.route(`**${API}${commerceApi.createOrder.path}`, async (route) => {
    if (route.request().method() !== commerceApi.createOrder.method) return route.continue();
    keys.push((route.request().postDataJSON() as { idempotencyKey?: unknown }).idempotencyKey);
    if (keys.length > 1) return route.continue();
    lost = ((await (await route.fetch()).json()) as { order: Order }).order;
    await route.fulfill({
      status: 503,
      headers: { 'retry-after': '5' },
      json: {
        statusCode: 503,
        error: 'Service Unavailable',
        code: 'DB_UNAVAILABLE',
        message: 'The service is briefly unavailable. Please try again in a few seconds.',
      },
    });
  });
  await page.getByTestId('place-order').click();
  await expect(page.getByTestId('payment-error')).toBeVisible();
  expect(lost?.status).toBe('pending');

  const placing = nextPlacedOrder(page);
  await page.getByTestId('place-order').click();
  expect((await placing)._id).toBe(lost!._id);
  expect(keys).toEqual([expect.stringMatching(/^[0-9a-f-]{36}$/), keys[0]]);
  await expect(page.getByLabel('Card number')).toBeVisible();
  await expect(page.getByTestId('cancel-order')).toHaveAccessibleName(
    `Cancel order ${orderRef(lost!._id)}`,
  );
  // One order for the buyer, one vase held.
  const mine = await apiClient(api, { token: buyer.token }).call(commerceApi.orders, { query: {} });
  expect(mine).toMatchObject({ recordsCount: 1 });
});
