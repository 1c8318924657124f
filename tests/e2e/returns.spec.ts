import sharp from 'sharp';
import type { Order } from '../../src/shared/contracts/commerce';
import { expectAccessible } from './axe';
import { ADMIN, MAYA, apiContext } from './catalog-support';
import { apiPost, paidOrder, sellerAndBuyer, signedIn } from './commerce-support';
import { DEMO_PASSWORD, expect, test } from './support';

// Returns and refunds in the browser (issue 27 §4, ADR 074): the buyer asks from their purchases
// with a photo, the seller refunds part of it; a declined request goes to moderation and a
// moderator decides; the demo shows a request waiting for maya. axe on every new page.

async function shippedSale(playwright: Parameters<typeof apiContext>[0], baseURL?: string) {
  const api = await apiContext(playwright, baseURL);
  const { seller, sellerToken, post, buyer } = await sellerAndBuyer(
    api,
    { title: 'Raku vase', price: 40, shippingCost: 5, stock: 2 },
    'Robin Buyer',
  );
  const order: Order = await paidOrder(api, buyer.token, [{ postId: post._id }]);
  const saleId = order.transactions[0]!._id;
  await api.put('/api/v1/transactions', {
    data: { id: saleId, trackingNumber: '9400 1000 0000 0000', carrier: 'usps' },
    headers: { 'x-access-token': sellerToken },
  });
  return { api, seller, sellerToken, buyer, saleId };
}

test('the buyer asks for a refund with a photo; the seller refunds part of it', async ({
  browser,
  baseURL,
  playwright,
}) => {
  test.setTimeout(120_000);
  const { api, seller, buyer, saleId } = await shippedSale(playwright, baseURL);
  const shopper = await signedIn(browser, baseURL, { email: buyer.email, password: DEMO_PASSWORD });
  const shop = await signedIn(browser, baseURL, { email: seller.email, password: DEMO_PASSWORD });
  try {
    const page = shopper.page;
    await page.goto('/orders');
    await page.getByTestId('ask-refund').first().click();
    await expect(page).toHaveURL(/\/returns\/new\/[0-9a-f-]{36}$/);
    await page.waitForLoadState('networkidle');
    await expectAccessible(page, '/returns/new/{id}');
    // Sent empty: each field says what it needs.
    await page.getByTestId('return-submit').click();
    await expect(page.getByText('Choose why you are asking for a refund.')).toBeVisible();
    await expectAccessible(page, '/returns/new/{id} with errors');
    await page.getByLabel('Damaged').check();
    await page.getByLabel('What happened?').fill('It arrived with a chipped rim.');
    const png = await sharp({
      create: { width: 120, height: 90, channels: 3, background: '#a16207' },
    })
      .png()
      .toBuffer();
    await page.getByLabel('Photos (optional)').setInputFiles({
      name: 'rim.png',
      mimeType: 'image/png',
      buffer: png,
    });
    await page.getByTestId('return-submit').click();
    await expect(page).toHaveURL(/\/returns\/[0-9a-f-]{36}$/);
    await expect(page.getByTestId('return-status')).toHaveText('Waiting for the seller');
    await expect(page.getByTestId('return-message-text')).toHaveText(
      'It arrived with a chipped rim.',
    );
    await expect(page.getByRole('img', { name: 'Photo 1 of 1' })).toBeVisible();
    await expectAccessible(page, '/returns/{id} (buyer, open)');
    await page.goto('/returns');
    await expect(page.getByTestId('return-row')).toHaveCount(1);
    await expectAccessible(page, '/returns');

    const sp = shop.page;
    await sp.goto('/returns?as=seller');
    await expectAccessible(sp, '/returns?as=seller');
    await sp.getByTestId('return-row').getByRole('link').click();
    await sp.waitForLoadState('networkidle');
    await expectAccessible(sp, '/returns/{id} (seller, answer forms)');
    const refund = sp.getByTestId('accept-refund');
    await refund.fill('20');
    await sp.getByTestId('accept-return-item').check();
    await sp.getByTestId('accept-submit').click();
    await expect(sp.getByTestId('return-status')).toHaveText('Refund accepted');
    await expect(sp.getByTestId('return-refund')).toContainText('$20.00');
    await expect(sp.getByTestId('accept-form')).toHaveCount(0);
    await expectAccessible(sp, '/returns/{id} refunded');
    // The order and the sale show it.
    await page.goto('/orders');
    await expect(page.getByTestId('part-return')).toContainText(
      'Refund request: Refund accepted ($20.00)',
    );
    await sp.goto(`/sales/${saleId}`);
    await expect(sp.getByTestId('sale-return')).toContainText('$20.00 refunded');
  } finally {
    await shopper.close();
    await shop.close();
    await api.dispose();
  }
});

test('a declined request goes to moderation, where a moderator decides', async ({
  browser,
  baseURL,
  playwright,
}) => {
  test.setTimeout(120_000);
  const { api, sellerToken, buyer, saleId } = await shippedSale(playwright, baseURL);
  const { returnRequest } = await apiPost(api, buyer.token, '/returns', {
    transactionId: saleId,
    reason: 'not_as_described',
    message: 'The glaze is grey, not blue.',
  });
  await apiPost(api, sellerToken, '/returns/decline', {
    id: returnRequest._id,
    reason: 'The photos show the same glaze.',
  });
  const shopper = await signedIn(browser, baseURL, { email: buyer.email, password: DEMO_PASSWORD });
  const staff = await signedIn(browser, baseURL, ADMIN);
  try {
    const page = shopper.page;
    await page.goto(`/returns/${returnRequest._id}`);
    await page.waitForLoadState('networkidle');
    await expect(page.getByTestId('return-decline-reason')).toHaveText(
      'The photos show the same glaze.',
    );
    await expectAccessible(page, '/returns/{id} declined (escalate form)');
    await page.getByTestId('escalate-submit').click();
    await expect(page.getByTestId('return-status')).toHaveText('With our moderators');

    const mp = staff.page;
    await mp.goto('/moderation');
    await mp.getByRole('link', { name: 'Refund requests' }).click();
    await expect(mp).toHaveURL(/\/returns\?as=moderation$/);
    await expectAccessible(mp, '/returns?as=moderation');
    await mp.locator(`a[href="/returns/${returnRequest._id}"]`).click();
    await mp.waitForLoadState('networkidle');
    await expectAccessible(mp, '/returns/{id} (moderator decision form)');
    await mp.getByTestId('decision-refund').check();
    await mp.getByTestId('decide-refund').fill('10');
    await mp.getByLabel('Note to both sides (optional)').fill('Partly as described.');
    await mp.getByTestId('decide-submit').click();
    await expect(mp.getByTestId('return-status')).toHaveText('Refund accepted');
    await expect(mp.getByTestId('return-refund')).toContainText('$10.00');
  } finally {
    await shopper.close();
    await staff.close();
    await api.dispose();
  }
});

test('the demo shows a return in progress on maya’s sales', async ({ browser, baseURL }) => {
  const maya = await signedIn(browser, baseURL, MAYA);
  try {
    await maya.page.goto('/returns?as=seller');
    await expect(maya.page.getByTestId('return-row').first()).toContainText('Damaged');
    await expect(maya.page.getByTestId('return-status').first()).toHaveText(
      'Waiting for the seller',
    );
  } finally {
    await maya.close();
  }
});
