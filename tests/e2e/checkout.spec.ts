import type { APIRequestContext, Page } from '@playwright/test';
import { accountsApi } from '../../src/shared/api/accounts';
import { catalogApi } from '../../src/shared/api/catalog';
import { commerceApi } from '../../src/shared/api/commerce';
import { cartTotals } from '../../src/shared/cart';
import type { Product } from '../../src/shared/contracts/catalog';
import { formatMoney } from '../../src/shared/format';
import { MESSAGES } from '../../src/shared/messages';
import { expectAccessible } from './axe';
import { MAYA, apiContext, apiLogin, createPost } from './catalog-support';
import { addToCart, fillCard, registerMember } from './commerce-support';
import { API, DEMO_PASSWORD, acceptCookies, apiClient, expect, okayModal, test } from './support';

// The checkout in the browser (issue 12): a fresh buyer with items from two sellers, a price the
// seller changed since, a new address, a declined card, then a paid order and /thanks.

const LEO = { email: 'leo@demo.storefront.test', password: DEMO_PASSWORD };
const RUN = Date.now().toString(36);

/** PUT /products: the seller changes a post's price or stock. */
async function updatePost(
  api: APIRequestContext,
  token: string,
  post: Product,
  changes: { price?: number; stock?: number },
) {
  await apiClient(api, { token }).call(catalogApi.saveProduct, {
    body: {
      _id: post._id,
      title: post.title,
      price: post.price,
      shippingCost: post.shippingCost,
      stock: post.stock,
      ...changes,
    },
  });
}

const line = (page: Page, title: string) =>
  page.getByTestId('cart-line').filter({ hasText: title });
const stepHeading = (page: Page) => page.locator('#checkout-step-heading');

test.beforeEach(async ({ context, baseURL }) => acceptCookies(context, baseURL));

test('signed out: the cart, and "Log in to check out" comes back to /checkout', async ({
  page,
  playwright,
  baseURL,
}) => {
  const maya = await apiContext(playwright, baseURL);
  const post = await createPost(maya, await apiLogin(maya, MAYA), {
    title: `Signed-out vase ${RUN}`,
    price: 12,
    stock: 3,
  });
  await addToCart(page, post);
  await page.getByTestId('cart-link').click();
  await expect(line(page, post.title)).toBeVisible();
  await expect(page.getByTestId('checkout-step-address')).toBeDisabled();
  await page.getByTestId('cart-login').click();
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fcheckout$/);
});

test('two sellers → a changed price → a new address → a declined card → paid → /thanks', async ({
  page,
  playwright,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const maya = await apiContext(playwright, baseURL);
  const leo = await apiContext(playwright, baseURL);
  const mayaToken = await apiLogin(maya, MAYA);
  const leoToken = await apiLogin(leo, LEO);
  const mug = await createPost(maya, mayaToken, {
    title: `Checkout mug ${RUN}`,
    price: 20,
    shippingCost: 4,
    stock: 5,
  });
  const print = await createPost(leo, leoToken, {
    title: `Checkout print ${RUN}`,
    price: 35,
    stock: 3,
  });
  const buyer = await registerMember(await apiContext(playwright, baseURL), 'Ada Buyer', 'buyer');
  await apiLogin(page.request, buyer);

  await test.step('items from two sellers; the header cart icon links to /checkout', async () => {
    await addToCart(page, mug);
    await addToCart(page, print);
    const cartLink = page.getByTestId('cart-link');
    await expect(cartLink).toHaveAttribute('href', '/checkout');
    await expect(cartLink).toHaveAccessibleName('Cart, 2 items');
  });

  await test.step('the cart shows the price the seller changed since', async () => {
    await updatePost(maya, mayaToken, mug, { price: 24 });
    await page.getByTestId('cart-link').click();
    await expect(page.getByTestId('cart-notices')).toContainText(
      `The price of “${mug.title}” changed from $20.00 to $24.00.`,
    );
    await expect(line(page, mug.title)).toHaveAttribute('data-note', 'changed');
    await expect(line(page, mug.title).getByTestId('cart-line-price')).toContainText('$24.00 each');
    await expect(line(page, print.title)).not.toHaveAttribute('data-note');
    await expectAccessible(page, 'checkout: cart step with a changed price');
  });

  await test.step('a changed amount says so, and the totals follow', async () => {
    await line(page, print.title).getByRole('button', { name: 'One more' }).click();
    await okayModal(page, MESSAGES.cartAmountUpdated);
    await expect(line(page, print.title).getByTestId('cart-line-amount')).toHaveValue('2');
    const totals = cartTotals([
      { amount: 1, price: 24, shippingCost: 4 },
      { amount: 2, price: 35, shippingCost: 0 },
    ]);
    await expect(page.getByTestId('cart-grand-total')).toHaveText(formatMoney(totals.grandTotal));
  });

  await test.step('the address step: a field error first, then a saved, selected address', async () => {
    await page.getByTestId('cart-continue').click();
    await expect(stepHeading(page)).toHaveText('Shipping and billing address');
    await expect(stepHeading(page)).toBeFocused();
    await expect(page.getByTestId('checkout-step-address')).toHaveAttribute('aria-current', 'step');
    const form = page.getByTestId('address-form');
    await form.getByLabel('Full name').fill('Ada Buyer');
    await form.getByLabel('Street address').fill('1 Main St');
    await form.getByLabel('City or town').fill('Springfield');
    await form.getByLabel('ZIP code').fill('62701');
    await form.getByTestId('address-save').click();
    const state = form.getByLabel('State');
    await expect(state).toBeFocused();
    await expect(state).toHaveAttribute('aria-invalid', 'true');
    await expect(state).toHaveAccessibleDescription('Enter the state.');
    await expectAccessible(page, 'checkout: address form with an error');
    await state.fill('IL');
    await form.getByTestId('address-save').click();
    const saved = page.getByTestId('shipping-address-choices').getByRole('radio');
    await expect(saved).toHaveCount(1);
    await expect(saved).toBeChecked();
    await expect(saved).toBeFocused();
    await expect(page.getByTestId('billing-same')).toBeChecked();
    await expectAccessible(page, 'checkout: address step');
  });

  const confirms: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith(`${API}${commerceApi.confirmLocalPayment.path}`)) confirms.push(r.url());
  });

  await test.step('a declined card shows the error next to the form', async () => {
    await page.getByTestId('address-continue').click();
    await expect(stepHeading(page)).toHaveText('Review and pay');
    await expect(stepHeading(page)).toBeFocused();
    await expect(page.getByTestId('summary-ship-to')).toContainText('Springfield, IL 62701');
    await expectAccessible(page, 'checkout: payment step');
    await page.getByTestId('place-order').click();
    await expect(page.getByTestId('test-card-note')).toContainText(
      'Use 4242 4242 4242 4242 with any future date and any CVC',
    );
    await page.getByLabel('Card number').fill('4000000000000002');
    await expect(page.getByLabel('Card number')).toHaveValue('4000 0000 0000 0002');
    await expect(page.getByTestId('card-brand')).toHaveText('Visa');
    await page.getByLabel('Expiry (MM / YY)').fill('1234');
    await expect(page.getByLabel('Expiry (MM / YY)')).toHaveValue('12 / 34');
    await page.getByLabel('CVC', { exact: true }).fill('123');
    await page.getByTestId('card-pay').click();
    const alert = page.getByTestId('payment-error');
    await expect(alert).toContainText(MESSAGES.paymentError);
    await expect(alert).toContainText('Your card was declined — try another card.');
    await expect(alert).toBeFocused();
    await expect(page.getByTestId('modal')).toBeHidden();
    await expectAccessible(page, 'checkout: a declined card');
  });

  await test.step('back and forth pays the same order', async () => {
    await page.getByTestId('checkout-step-address').click();
    await page.getByTestId('checkout-step-payment').click();
    await page.getByTestId('place-order').click();
  });

  await test.step('4242 pays: one confirm per double click, then /thanks', async () => {
    await fillCard(page, '4242 4242 4242 4242');
    await page.getByTestId('card-pay').dblclick();
    await expect(page).toHaveURL(/\/thanks\?order=[0-9a-f-]{36}$/);
    expect(confirms).toHaveLength(2);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you for your order!');
    await expect(page.getByTestId('thanks-payment-status')).toContainText(
      'Your payment went through.',
    );
    await expect(page.getByTestId('thanks-sellers-told')).toHaveText(
      'The sellers have been told to ship.',
    );
    const total = cartTotals([
      { amount: 1, price: 24, shippingCost: 4 },
      { amount: 2, price: 35, shippingCost: 0 },
    ]).grandTotal;
    await expect(page.getByTestId('thanks-order-total')).toHaveText(formatMoney(total));
    const parts = page.getByTestId('thanks-parts').getByRole('listitem');
    await expect(parts).toHaveCount(2);
    // Each seller's part carries its share of the tax (10%).
    await expect(parts.filter({ hasText: mug.title })).toContainText(formatMoney(30.8));
    await expect(parts.filter({ hasText: print.title })).toContainText(formatMoney(77));
    await expect(page.getByTestId('thanks-purchases')).toHaveAttribute('href', '/orders');
    await expectAccessible(page, '/thanks with the order');
  });

  await test.step('the cart is empty afterwards, and one order was placed', async () => {
    await expect(page.getByTestId('cart-link')).toHaveCount(0);
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? '{}'));
    expect(stored.state.items).toEqual([]);
    await page.goto('/checkout');
    await expect(page.getByTestId('cart-empty')).toBeVisible();
    const token = await apiLogin(page.request, buyer);
    const asBuyer = apiClient(page.request, { token });
    const userId = (await asBuyer.call(accountsApi.me, {})).user._id;
    const list = await asBuyer.call(commerceApi.orders, { query: { userId } });
    if (!('orders' in list)) throw new Error('GET /orders?userId= answered one order');
    expect(list.recordsCount).toBe(1);
    expect(list.orders[0]!.status).toBe('paid');
  });
});

test('an order the server refuses (sold out meanwhile) sends the buyer back to the cart', async ({
  page,
  playwright,
  baseURL,
}) => {
  const maya = await apiContext(playwright, baseURL);
  const token = await apiLogin(maya, MAYA);
  const [lamp, rug] = [
    await createPost(maya, token, { title: `Last lamp ${RUN}`, price: 40, stock: 1 }),
    await createPost(maya, token, { title: `Rug ${RUN}`, price: 15, stock: 4 }),
  ];
  const buyer = await registerMember(await apiContext(playwright, baseURL), 'Ada Buyer', 'buyer');
  const buyerToken = await apiLogin(page.request, buyer);
  await apiClient(page.request, { token: buyerToken }).call(commerceApi.createAddress, {
    body: {
      address: {
        name: 'Ada Buyer',
        line1: '9 Elm St',
        city: 'Leeds',
        postalCode: 'LS1 4AP',
        country: 'GB',
      },
    },
  });
  await addToCart(page, lamp);
  await addToCart(page, rug);

  await page.getByTestId('cart-link').click();
  await page.getByTestId('cart-continue').click();
  await page.getByTestId('shipping-address-choices').getByRole('radio').check();
  await page.getByTestId('address-continue').click();
  await expect(stepHeading(page)).toHaveText('Review and pay');

  await updatePost(maya, token, lamp, { stock: 0 });
  await page.getByTestId('place-order').click();
  await expect(stepHeading(page)).toHaveText('Your cart');
  await expect(stepHeading(page)).toBeFocused();
  await expect(page.getByTestId('cart-alert')).toHaveText(`“${lamp.title}” is sold out.`);
  await expect(page.getByTestId('cart-notices')).toContainText(`“${lamp.title}” is sold out.`);
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
  await expect(line(page, rug.title)).toBeVisible();
  await expectAccessible(page, 'checkout: sent back to the cart');
});
