import { expectAccessible } from './axe';
import { MAYA, apiContext, apiLogin, createPost } from './catalog-support';
import {
  BUYER_ADDRESS,
  addToCart,
  apiPost,
  fillCard,
  registerMember,
  signedIn,
} from './commerce-support';
import { acceptCookies, expect, test } from './support';

// Discount codes (issue 27) in the browser: a seller creates one on /discounts (a field error
// first, axe on both), a buyer types it at checkout (a wrong one first: the server's sentence on
// the field) and pays the discounted total; the demo seller has a code on her list.

const RUN = Date.now().toString(36).toUpperCase();

test.beforeEach(async ({ context, baseURL }) => acceptCookies(context, baseURL));

test('a seller makes a code on /discounts; a buyer uses it at checkout and pays less', async ({
  page,
  browser,
  playwright,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const api = await apiContext(playwright, baseURL);
  const seller = await registerMember(api, 'Dee Seller', 'seller');
  const post = await createPost(api, seller.token, {
    title: `Code lamp ${RUN}`,
    price: 40,
    shippingCost: 5,
    stock: 5,
  });
  await apiLogin(page.request, seller);
  const code = `SAVE${RUN}`.slice(0, 20);

  await test.step('/discounts: no codes yet, then a field error', async () => {
    await page.goto('/discounts');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Discount codes');
    await expect(page.getByTestId('no-discounts')).toBeVisible();
    await expectAccessible(page, '/discounts, no codes yet');
    const form = page.getByTestId('discount-form');
    await form.getByLabel('Code', { exact: true }).fill(code);
    await form.getByLabel('A percent of the items').check();
    await form.getByLabel('Percent or amount off').fill('25');
    await form.getByLabel('Only the posts ticked below').check();
    await form.getByTestId('save-discount').click();
    await expect(page.getByTestId('discount-status')).toContainText('Choose at least one post');
    await expect(page.getByTestId('postIds-error')).toHaveText(
      'Choose at least one post, or apply the code to the whole shop.',
    );
    await expectAccessible(page, '/discounts, a field error');
  });

  await test.step('a saved code shows on the list, with its terms', async () => {
    const form = page.getByTestId('discount-form');
    await form.getByLabel('Code', { exact: true }).fill(code);
    await form.getByLabel('Percent or amount off').fill('25');
    await form.getByLabel(post.title).check();
    await form.getByLabel('Uses per buyer (optional)').fill('1');
    await form.getByTestId('save-discount').click();
    await expect(page.getByTestId('discount-status')).toHaveText(`Code “${code}” saved.`);
    const row = page.locator(`[data-testid="discount-row"][data-code="${code}"]`);
    await expect(row).toContainText(`25 % off on ${post.title}`);
    await expect(row.getByTestId('discount-state')).toHaveText('Active');
    await expectAccessible(page, '/discounts with a code');
  });

  await test.step('a buyer: a wrong code is refused on the field, the right one takes 25 % off', async () => {
    const buyer = await registerMember(api, 'Bo Buyer', 'buyer');
    await apiPost(api, buyer.token, '/addresses', { address: BUYER_ADDRESS });
    const shopper = await signedIn(browser, baseURL, buyer);
    try {
      const p = shopper.page;
      await addToCart(p, post);
      await p.goto('/checkout');
      await p.getByTestId('cart-continue').click();
      await p.getByTestId('address-continue').click();
      await p.getByLabel('Discount code (optional)').fill('NOSUCHCODE');
      await p.getByTestId('place-order').click();
      await expect(p.getByTestId('discount-code-error')).toHaveText(
        'No seller in your cart has the discount code “NOSUCHCODE”. Check the spelling, or remove it.',
      );
      await expectAccessible(p, 'checkout: a wrong discount code');
      await p.getByLabel('Discount code (optional)').fill(code.toLowerCase());
      await p.getByTestId('place-order').click();
      // 40.00 − 10.00 + 5.00 shipping + 3.50 tax.
      await expect(p.getByTestId('order-discount')).toContainText(
        `Code ${code}: −$10.00 on Dee Seller’s items.`,
      );
      await expect(p.getByTestId('order-grand-total')).toHaveText('$38.50');
      await expectAccessible(p, 'checkout: the placed order with its discount');
      await fillCard(p, '4242 4242 4242 4242');
      await p.getByTestId('card-pay').click();
      await expect(p).toHaveURL(/\/thanks\?order=/);
      await expect(p.getByTestId('thanks-order-total')).toHaveText('$38.50');
      await expect(p.getByTestId('thanks-part-discount')).toHaveText(`Code ${code}: −$10.00`);
    } finally {
      await shopper.close();
    }
  });

  await test.step('the seller sees the use on the list', async () => {
    await page.goto('/discounts');
    const row = page.locator(`[data-testid="discount-row"][data-code="${code}"]`);
    await expect(row).toContainText('Used 1 time · 1 per buyer');
  });
});

test('the demo seller maya has a code on /discounts', async ({ page }) => {
  await apiLogin(page.request, MAYA);
  await page.goto('/discounts');
  const row = page.locator('[data-testid="discount-row"][data-code="WELCOME10"]');
  await expect(row).toContainText('10 % off your whole shop');
  await expect(row).toContainText('1 per buyer');
});

test('without JavaScript: a code is created, turned off and deleted through the plain forms', async ({
  browser,
  playwright,
  baseURL,
}) => {
  const api = await apiContext(playwright, baseURL);
  const seller = await registerMember(api, 'Noj Seller', 'seller');
  const context = await browser.newContext({ javaScriptEnabled: false });
  await acceptCookies(context, baseURL);
  const page = await context.newPage();
  try {
    await apiLogin(page.request, seller);
    await page.goto('/discounts');
    const form = page.getByTestId('discount-form');
    await form.getByLabel('Code', { exact: true }).fill('PLAIN5');
    await form.getByLabel('A fixed amount (USD)').check();
    await form.getByLabel('Percent or amount off').fill('5');
    await form.getByTestId('save-discount').click();
    await expect(page.getByTestId('discount-status')).toHaveText('Code “PLAIN5” saved.');
    const row = page.locator('[data-testid="discount-row"][data-code="PLAIN5"]');
    await expect(row).toContainText('$5.00 off your whole shop');
    await row.getByRole('button', { name: 'Turn off PLAIN5' }).click();
    await expect(row.getByTestId('discount-state')).toHaveText('Turned off');
    await row.getByRole('button', { name: 'Delete PLAIN5' }).click();
    await expect(page.getByTestId('discount-status')).toHaveText(
      'Code deleted. Orders that used it keep their discount.',
    );
    await expect(page.getByTestId('no-discounts')).toBeVisible();
  } finally {
    await context.close();
  }
});
