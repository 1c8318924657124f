import type { Page } from '@playwright/test';
import { commerceApi } from '../../src/shared/api/commerce';
import { MESSAGES } from '../../src/shared/messages';
import { expectAccessible } from './axe';
import { apiContext } from './catalog-support';
import {
  orderOf,
  paidOrder,
  savedAddress,
  sellerAndBuyer,
  signedIn,
  stockOf,
} from './commerce-support';
import { DEMO_PASSWORD, apiClient, expect, modal, test } from './support';

// Purchases and sales (issue 12 §5–7): a buyer's paid orders on /orders (sort flips, selecting
// toggles), the seller's sale on /sales and /sales/{id}, marked shipped through the irreversible
// confirm, and the tracking link on both sides. Fresh members: their lists hold only these orders.

/** Opens `path` and waits until its scripts have run (the buttons below need them). */
async function open(page: Page, path: string) {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
}

const orderCards = (page: Page) => page.getByTestId('order-card');

test('the buyer sees paid orders on /orders; the seller ships from /sales; both see the tracking link', async ({
  browser,
  baseURL,
  playwright,
}) => {
  test.setTimeout(90_000);
  const api = await apiContext(playwright, baseURL);
  const { seller, sellerToken, post, buyer } = await sellerAndBuyer(
    api,
    {
      title: 'Speckled stoneware mug',
      description: 'Holds 350 ml.',
      price: 24,
      shippingCost: 6,
      _tags: [],
      variations: [],
      stock: 10,
    },
    'Robin Buyer',
  );
  const first = (await paidOrder(api, buyer.token, [{ postId: post._id, amount: 1 }]))._id;
  const second = (await paidOrder(api, buyer.token, [{ postId: post._id, amount: 2 }]))._id;

  const robin = await signedIn(browser, baseURL, buyer);
  const shop = await signedIn(browser, baseURL, { email: seller.email, password: DEMO_PASSWORD });
  try {
    // ---- the buyer's purchases: newest first, the sort flips, selecting toggles ----
    await open(robin.page, '/orders');
    await expect(orderCards(robin.page)).toHaveCount(2);
    await expect(orderCards(robin.page).first()).toHaveAttribute('data-order-id', second);
    await expect(orderCards(robin.page).first().getByTestId('order-status')).toHaveText('Paid');
    // 2 × $24 + 2 × $6 shipping + 10% tax
    await expect(orderCards(robin.page).first()).toContainText('$66.00');

    await robin.page.getByTestId('sort-toggle').click();
    await expect(robin.page).toHaveURL(/\/orders\?sort=1$/);
    await expect(orderCards(robin.page).first()).toHaveAttribute('data-order-id', first);
    await robin.page.getByTestId('sort-toggle').click();
    await expect(robin.page).toHaveURL(/\/orders$/);
    await expect(orderCards(robin.page).first()).toHaveAttribute('data-order-id', second);

    const newest = orderCards(robin.page).first();
    const select = newest.getByTestId('order-select');
    await expect(select).toHaveAttribute('aria-expanded', 'false');
    await select.click();
    await expect(select).toHaveAttribute('aria-expanded', 'true');
    const detail = newest.getByTestId('order-detail');
    await expect(detail).toBeVisible();
    await expect(detail.getByTestId('total')).toHaveText('$66.00');
    await expect(detail).toContainText('12 Harbour Road');
    await expect(newest.getByTestId('part-status')).toHaveText('Preparing to ship');
    await expect(newest.getByTestId('item-line')).toContainText('Speckled stoneware mug');
    await expect(newest.getByTestId('tracking-link')).toHaveCount(0);
    await expectAccessible(robin.page, '/orders with an order open');
    await select.click();
    await expect(select).toHaveAttribute('aria-expanded', 'false');
    await expect(detail).toHaveCount(0);

    // ---- the seller's sales ----
    await open(shop.page, '/sales');
    const sales = shop.page.getByTestId('sale-card');
    await expect(sales).toHaveCount(2);
    const sale = sales.first();
    await expect(sale).toContainText('Robin Buyer');
    await expect(sale.getByTestId('sale-status')).toHaveText('To ship');
    await expect(sale.getByTestId('ship-by')).toBeVisible();
    await expect(sale.getByTestId('payout-status')).toHaveText('Held');
    await expect(sale.getByTestId('payout-reason')).toHaveText(
      'Paid out when you mark it shipped.',
    );
    await expectAccessible(shop.page, '/sales');

    await sale.getByTestId('sale-link').click();
    await expect(shop.page).toHaveURL(/\/sales\/[0-9a-f-]{36}$/);
    const saleId = shop.page.url().split('/').pop()!;
    await expect(shop.page.getByTestId('shipping-address')).toContainText('12 Harbour Road');
    await shop.page.waitForLoadState('networkidle');
    await expectAccessible(shop.page, '/sales/{id} before shipping');

    // ---- mark shipped: the confirm says it is irreversible; Nope changes nothing ----
    const form = shop.page.getByTestId('ship-form');
    await form.getByLabel('Carrier').selectOption('ups');
    await form.getByLabel('Tracking number').fill('1Z999AA10123456784');
    await form.getByTestId('ship-submit').click();
    await expect(modal(shop.page)).toContainText(MESSAGES.confirmMarkShipped);
    await modal(shop.page).getByRole('button', { name: 'Nope' }).click();
    await expect(modal(shop.page)).toBeHidden();
    await expect(shop.page.getByTestId('sale-status')).toHaveText('To ship');

    await form.getByTestId('ship-submit').click();
    await modal(shop.page).getByRole('button', { name: 'Okay' }).click();
    await expect(modal(shop.page)).toBeHidden();
    const tracking = shop.page.getByTestId('tracking-link');
    await expect(tracking).toHaveText(/1Z999AA10123456784/);
    await expect(tracking).toHaveAttribute(
      'href',
      'https://www.ups.com/track?tracknum=1Z999AA10123456784',
    );
    await expect(shop.page.getByTestId('sale-status')).toHaveText('Shipped');
    await expect(shop.page.getByTestId('ship-form')).toHaveCount(0);
    // The form that had focus is gone: focus is on the summary that says what happened.
    await expect(shop.page.getByRole('heading', { name: 'Sold to Robin Buyer' })).toBeFocused();
    await expectAccessible(shop.page, '/sales/{id} after shipping');

    // A second attempt is refused with the server's message.
    const again = apiClient(api, { token: sellerToken }).call(commerceApi.markShipped, {
      body: { id: saleId, trackingNumber: 'OTHER-1234', carrier: 'usps' },
    });
    await expect(again).rejects.toMatchObject({ status: 409 });

    // ---- the buyer sees the tracking link and the way to leave feedback ----
    await open(robin.page, '/orders');
    const shipped = orderCards(robin.page).first();
    await expect(shipped.getByTestId('order-status')).toHaveText('Shipped');
    const buyerTracking = shipped.getByTestId('tracking-link');
    await expect(buyerTracking).toHaveAttribute(
      'href',
      'https://www.ups.com/track?tracknum=1Z999AA10123456784',
    );
    await expect(shipped.getByTestId('leave-feedback')).toHaveAttribute(
      'href',
      `/feedback/orders/${second}`,
    );
  } finally {
    await robin.close();
    await shop.close();
    await api.dispose();
  }
});

test('another member’s sale is the 404 page; an empty purchases list says what to do next', async ({
  browser,
  baseURL,
  playwright,
}) => {
  const api = await apiContext(playwright, baseURL);
  const { seller, post, buyer } = await sellerAndBuyer(
    api,
    {
      title: 'Ash serving board',
      description: 'Oiled.',
      price: 40,
      shippingCost: 0,
      _tags: [],
      variations: [],
      stock: 3,
    },
    'Robin Buyer',
  );
  const orderId = (await paidOrder(api, buyer.token, [{ postId: post._id, amount: 1 }]))._id;
  const saleId = (await orderOf(api, buyer.token, orderId)).transactions[0]!._id;

  // The buyer (not the seller) opening the sale's page gets the 404 page.
  const robin = await signedIn(browser, baseURL, buyer);
  try {
    const res = await robin.page.goto(`/sales/${saleId}`);
    expect(res?.status()).toBe(404);
    await expect(robin.page.getByRole('link', { name: /home/i }).first()).toBeVisible();
    await expect(robin.page.getByText('Ash serving board')).toHaveCount(0);

    // The buyer has sold nothing: the sales list says what to do.
    await open(robin.page, '/sales');
    await expect(robin.page.getByTestId('sale-card')).toHaveCount(0);
    await expect(robin.page.getByText('Nothing to ship right now.')).toBeVisible();
  } finally {
    await robin.close();
  }

  // The seller has bought nothing: the purchases list says what to do.
  const shop = await signedIn(browser, baseURL, { email: seller.email, password: DEMO_PASSWORD });
  try {
    await open(shop.page, '/orders');
    await expect(shop.page.getByTestId('order-card')).toHaveCount(0);
    await expect(shop.page.getByTestId('orders-empty-shop')).toHaveAttribute('href', '/all-posts');
    await expectAccessible(shop.page, '/orders empty');
  } finally {
    await shop.close();
    await api.dispose();
  }
});

test('the buyer cancels an unpaid order from /orders: confirmed, its items back on sale at once', async ({
  browser,
  baseURL,
  playwright,
}) => {
  test.setTimeout(90_000);
  const api = await apiContext(playwright, baseURL);
  const { post, buyer } = await sellerAndBuyer(
    api,
    {
      title: 'Last walnut bowl',
      description: 'One of a kind.',
      price: 40,
      shippingCost: 5,
      _tags: [],
      variations: [],
      stock: 1,
    },
    'Kit Buyer',
  );
  const address = await savedAddress(api, buyer.token);
  const { order } = await apiClient(api, { token: buyer.token }).call(commerceApi.createOrder, {
    body: {
      items: [{ _id: post._id, amount: 1, selectedVariations: {} }],
      shippingAddressId: address._id,
    },
  });
  const stock = () => stockOf(api, post._id);
  expect(await stock()).toBe(0);

  const kit = await signedIn(browser, baseURL, buyer);
  try {
    await open(kit.page, '/orders');
    const card = orderCards(kit.page).first();
    await expect(card).toHaveAttribute('data-order-id', order._id);
    await expect(card.getByTestId('order-status')).toHaveText('Awaiting payment');
    await expectAccessible(kit.page, '/orders with an unpaid order');
    // Changing one's mind in the confirm leaves the order as it was.
    await card.getByTestId('cancel-order').click();
    await expect(modal(kit.page)).toContainText('Its items are released for others to buy');
    await modal(kit.page).getByRole('button', { name: 'Nope' }).click();
    await expect(modal(kit.page)).toBeHidden();
    await expect(card.getByTestId('order-status')).toHaveText('Awaiting payment');

    await card.getByTestId('cancel-order').click();
    await modal(kit.page).getByRole('button', { name: 'Okay' }).click();
    await expect(modal(kit.page)).toBeHidden();
    await expect(card.getByTestId('order-status')).toHaveText('Cancelled');
    await expect(card.getByTestId('cancel-order')).toHaveCount(0);
    await expect(card.getByTestId('cancel-reason')).toContainText('Cancelled by the buyer.');
    expect(await stock()).toBe(1);
    await expectAccessible(kit.page, '/orders with a cancelled order');
  } finally {
    await kit.close();
    await api.dispose();
  }
});
