import { expectAccessible } from './axe';
import { MAYA, apiContext, apiLogin, createPost } from './catalog-support';
import { addToCart, fillCard, registerMember, savedAddress, signedIn } from './commerce-support';
import { acceptCookies, expect, test } from './support';

// Discount codes (issue 27) in the browser: a seller creates one on /discounts (a field error
// first, axe on both), a buyer types it at checkout (a wrong one first: the server's sentence on
// the field), applies the right one to see the discount and new total before placing, comes back
// to the unpaid order (its code still shown) and pays the discounted total; the demo seller has a
// code on her list.

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
    await savedAddress(api, buyer.token);
    const shopper = await signedIn(browser, baseURL, buyer);
    try {
      const p = shopper.page;
      await addToCart(p, post);
      await p.goto('/checkout');
      await p.getByTestId('cart-continue').click();
      await p.getByTestId('address-continue').click();
      const field = p.getByLabel('Discount code (optional)');
      // 40.00 + 5.00 shipping + 4.50 tax before any code.
      await expect(p.getByTestId('cart-grand-total')).toHaveText('$49.50');
      await field.fill('NOSUCHCODE');
      await p.getByTestId('discount-apply').click();
      const refusal = p.getByRole('alert').filter({ hasText: 'NOSUCHCODE' });
      await expect(refusal).toHaveText(
        'No seller in your cart has the discount code “NOSUCHCODE”. Check the spelling, or remove it.',
      );
      await expect(field).toHaveAttribute('aria-invalid', 'true');
      await expect(field).toHaveAttribute('aria-describedby', /discount-code-error/);
      await expect(p.getByTestId('cart-grand-total')).toHaveText('$49.50');
      await expectAccessible(p, 'checkout: a wrong discount code');

      // By keyboard: type the code and press Enter; the discount and the new total show before
      // the order is placed (40.00 − 10.00 + 5.00 shipping + 3.50 tax).
      await field.fill(code.toLowerCase());
      await expect(p.getByTestId('discount-code-error')).toHaveCount(0);
      await field.press('Enter');
      await expect(p.getByTestId('discount-preview')).toContainText(
        `Code ${code}: −$10.00 on Dee Seller’s items.`,
      );
      await expect(p.getByTestId('discount-preview-total')).toHaveText('$38.50');
      await expect(p.getByTestId('cart-discount')).toHaveText('-$10.00');
      await expect(p.getByTestId('cart-grand-total')).toHaveText('$38.50');
      await expectAccessible(p, 'checkout: a code applied before placing');

      // Removing the code brings the cart's totals back; applying it again prices it again.
      await p.getByTestId('discount-remove').click();
      await expect(field).toBeFocused();
      await expect(field).toHaveValue('');
      await expect(p.getByTestId('discount-preview')).toHaveCount(0);
      await expect(p.getByTestId('cart-discount')).toHaveCount(0);
      await expect(p.getByTestId('cart-grand-total')).toHaveText('$49.50');
      await field.fill(code);
      await p.getByTestId('discount-apply').click();
      await expect(p.getByTestId('cart-grand-total')).toHaveText('$38.50');

      await p.getByTestId('place-order').click();
      await expect(p.getByTestId('order-discount')).toContainText(
        `Code ${code}: −$10.00 on Dee Seller’s items.`,
      );
      await expect(p.getByTestId('order-grand-total')).toHaveText('$38.50');
      await expectAccessible(p, 'checkout: the placed order with its discount');

      // Coming back to the unpaid order: /orders and the pay step show its code and discount.
      await p.goto('/orders');
      await expect(p.getByTestId('part-discount').first()).toHaveText(
        `Code ${code}: −$10.00 on these items`,
      );
      await p.goto('/checkout');
      await expect(p.getByTestId('order-discount')).toContainText(
        `Code ${code}: −$10.00 on Dee Seller’s items.`,
      );
      await expect(p.getByLabel('Discount code (optional)')).toHaveValue(code);
      await expect(p.getByTestId('cart-grand-total')).toHaveText('$38.50');
      await p.getByTestId('place-order').click();
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
