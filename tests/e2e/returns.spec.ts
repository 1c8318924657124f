import sharp from 'sharp';
import { commerceApi } from '../../src/shared/api/commerce';
import { returnsApi } from '../../src/shared/api/returns';
import type { Order } from '../../src/shared/contracts/commerce';
import { expectAccessible } from './axe';
import { ADMIN, MAYA, apiContext } from './catalog-support';
import { paidOrder, sellerAndBuyer, signedIn } from './commerce-support';
import { DEMO_PASSWORD, apiClient, expect, test } from './support';

// Returns and refunds in the browser (issue 27 §4, ADR 074): the buyer asks from their purchases
// with a photo, the seller refunds part of it with the item coming back (the buyer adds its tracking,
// the seller marks it received); a declined request goes to the moderation queue and a moderator
// decides there; the demo shows a request waiting for maya. axe on every new page.

async function shippedSale(playwright: Parameters<typeof apiContext>[0], baseURL?: string) {
  const api = await apiContext(playwright, baseURL);
  const { seller, sellerToken, post, buyer } = await sellerAndBuyer(
    api,
    { title: 'Raku vase', price: 40, shippingCost: 5, stock: 2 },
    'Robin Buyer',
  );
  const order: Order = await paidOrder(api, buyer.token, [{ postId: post._id }]);
  const saleId = order.transactions[0]!._id;
  await apiClient(api, { token: sellerToken }).call(commerceApi.markShipped, {
    body: { id: saleId, trackingNumber: '9400 1000 0000 0000', carrier: 'usps' },
  });
  return { api, seller, sellerToken, buyer, saleId };
}

test('the buyer asks for a refund with a photo; the seller refunds part of it once the item is back', async ({
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
    // The item comes back first (ADR 074): the refund waits for the seller to confirm it.
    await expect(sp.getByTestId('return-status')).toHaveText(
      'Accepted: waiting for the item to come back',
    );
    await expect(sp.getByTestId('accept-form')).toHaveCount(0);
    await expect(sp.getByTestId('return-refund')).toContainText(
      'sent once the seller confirms the item is back',
    );

    // The buyer sends it back and adds the tracking number, checked as a shipment's.
    await page.goto(sp.url().replace(/^https?:\/\/[^/]+/, ''));
    await page.waitForLoadState('networkidle');
    await expectAccessible(page, '/returns/{id} (buyer, tracking form)');
    await page.getByTestId('return-carrier').selectOption('ups');
    await page.getByTestId('return-tracking').fill('1Z#99');
    await page.getByTestId('return-tracking-submit').click();
    await expect(page.getByTestId('return-failure')).toContainText(
      'only letters, digits, spaces and dashes',
    );
    await page.getByTestId('return-tracking').fill('1Z 999 AA1 0123');
    await page.getByTestId('return-tracking-submit').click();
    await expect(page.getByTestId('return-shipment')).toContainText('UPS, 1Z 999 AA1 0123');
    await expect(page.getByTestId('return-tracking-form')).toBeHidden();
    // A mistyped number is corrected while the item is awaited.
    await page.getByText('Wrong tracking number? Correct it').click();
    await expect(page.getByTestId('return-tracking')).toHaveValue('1Z 999 AA1 0123');
    await page.getByTestId('return-tracking').fill('1Z 999 AA1 0124');
    await page.getByTestId('return-tracking-submit').click();
    await expect(page.getByTestId('return-shipment')).toContainText('UPS, 1Z 999 AA1 0124');

    // The seller sees the tracking and marks the item received: the refund is sent.
    await sp.reload();
    await sp.waitForLoadState('networkidle');
    await expect(sp.getByTestId('return-shipment')).toContainText('UPS, 1Z 999 AA1 0124');
    await expect(
      sp.getByTestId('return-shipment').getByRole('link', { name: '1Z 999 AA1 0124' }),
    ).toHaveAttribute('href', /ups\.com/);
    await expectAccessible(sp, '/returns/{id} (seller, item on its way back)');
    await sp.getByTestId('received-submit').click();
    await expect(sp.getByTestId('return-status')).toHaveText('Refund accepted');
    await expect(sp.getByTestId('return-refund')).toContainText('$20.00');
    await expect(sp.getByTestId('received-form')).toHaveCount(0);
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

test('a declined request goes to the moderation queue, where a moderator decides', async ({
  browser,
  baseURL,
  playwright,
}) => {
  test.setTimeout(120_000);
  const { api, sellerToken, buyer, saleId } = await shippedSale(playwright, baseURL);
  const { returnRequest } = await apiClient(api, { token: buyer.token }).call(returnsApi.open, {
    body: {
      transactionId: saleId,
      reason: 'not_as_described',
      message: 'The glaze is grey, not blue.',
    },
  });
  await apiClient(api, { token: sellerToken }).call(returnsApi.decline, {
    body: { id: returnRequest._id, reason: 'The photos show the same glaze.' },
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

    // The request is an item of the moderation queue, decided there.
    const mp = staff.page;
    await mp.goto('/returns?as=moderation');
    await expect(mp).toHaveURL(/\/moderation\?kind=returns$/);
    await mp.goto('/moderation');
    await mp.getByRole('link', { name: 'Refund requests' }).click();
    await expect(mp).toHaveURL(/\/moderation\?kind=returns$/);
    await mp.waitForLoadState('networkidle');
    const item = mp.locator(`[data-testid="queue-return"][data-return-id="${returnRequest._id}"]`);
    await expect(item.getByTestId('return-message-text')).toHaveText(
      'The glaze is grey, not blue.',
    );
    await expect(item.getByTestId('return-decline-reason')).toHaveText(
      'The photos show the same glaze.',
    );
    await expect(item).toContainText('Robin Buyer');
    await expect(item).toContainText('(paid $49.50)');
    await expectAccessible(mp, '/moderation?kind=returns');
    await item.getByTestId('decision-refund').check();
    await item.getByTestId('decide-refund').fill('49.51');
    await item.getByTestId('decide-submit').click();
    await expect(item.getByTestId('return-failure')).toContainText(
      'A refund can be at most what the buyer paid for this part, $49.50.',
    );
    await item.getByTestId('decide-refund').fill('10');
    await item.getByLabel('Note to both sides (optional)').fill('Partly as described.');
    await item.getByTestId('decide-submit').click();
    await expect(mp.getByTestId('queue-status')).toHaveText('Refund request decided.');
    await expect(item).toHaveCount(0);
    await expectAccessible(mp, '/moderation?kind=returns after a decision');

    await page.reload();
    await expect(page.getByTestId('return-status')).toHaveText('Refund accepted');
    await expect(page.getByTestId('return-refund')).toContainText('$10.00');
    await expect(page.getByTestId('return-page')).toContainText('Partly as described.');
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
