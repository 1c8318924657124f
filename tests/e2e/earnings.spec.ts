import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Browser } from '@playwright/test';
import { expectAccessible } from './axe';
import { commerceApi } from '../../src/shared/api/commerce';
import { earningsApi } from '../../src/shared/api/earnings';
import { apiContext, apiLogin } from './catalog-support';
import { paidOrder, sellerAndBuyer, signedIn } from './commerce-support';
import { DEMO_PASSWORD, acceptCookies, apiClient, expect, nextClientIp, test } from './support';

// A seller's earnings (issue 26 §7, docs/decisions/072): the totals of /sales for a period chosen
// with a GET form (with and without JavaScript), the CSV download, the payouts on /payout-setup
// and "You keep 95%" on a sale. A fresh seller: a $30 post with $4 shipping, 10% tax, the Free
// plan's 5% fee — one unit $37.40 ($1.70 fee), two $74.80 ($3.40 fee, $71.40 paid out).

/** The seller's payout setup finished through the embedded driver's own calls. */
async function setUpPayouts(api: APIRequestContext, token: string) {
  const seller = apiClient(api, { token });
  const { stripeUserId } = await seller.call(commerceApi.onboardingLink, { query: {} });
  await seller.call(commerceApi.localOnboarding, {
    body: {
      accountId: stripeUserId,
      holderName: 'Kiln Corner Ltd',
      country: 'DE',
      accountNumber: 'DE89 3704 0044 0532 0130 00',
    },
  });
}

/** A signed-in page whose scripts never run (what a form does without JavaScript). */
async function withoutScripts(browser: Browser, baseURL: string | undefined, email: string) {
  const context = await browser.newContext({
    baseURL,
    javaScriptEnabled: false,
    extraHTTPHeaders: { 'x-forwarded-for': nextClientIp() },
  });
  await acceptCookies(context, baseURL);
  const page = await context.newPage();
  await apiLogin(page.request, { email, password: DEMO_PASSWORD });
  return page;
}

test('a seller reads their totals by period, downloads the CSV and sees their payouts', async ({
  browser,
  baseURL,
  playwright,
}) => {
  test.setTimeout(120_000);
  const api = await apiContext(playwright, baseURL);
  const { seller, sellerToken, post, buyer } = await sellerAndBuyer(
    api,
    {
      title: 'Walnut stool',
      description: 'Oiled walnut, 45 cm.',
      price: 30,
      shippingCost: 4,
      _tags: [],
      variations: [],
      stock: 10,
    },
    'Robin Buyer',
  );
  const shop = await signedIn(browser, baseURL, { email: seller.email, password: DEMO_PASSWORD });
  const page = shop.page;
  try {
    // ---- before any sale: no payouts, and what to do about it ----
    await page.goto('/payout-setup');
    await expect(page.getByTestId('payouts-empty')).toHaveText(
      'No payouts yet — you are paid for a sale when you mark it shipped. See your sales.',
    );
    await expectAccessible(page, '/payout-setup, no payouts');

    // ---- three sales: one to ship, one shipped and paid out, one cancelled and refunded ----
    await setUpPayouts(api, sellerToken);
    const partOf = async (amount: number) =>
      (await paidOrder(api, buyer.token, [{ postId: post._id, amount }])).transactions[0]!._id;
    await partOf(1);
    const shipped = await partOf(2);
    const cancelled = await partOf(1);
    const asSeller = apiClient(api, { token: sellerToken });
    await asSeller.call(commerceApi.markShipped, {
      body: { id: shipped, trackingNumber: '9400 1000 0000 0000', carrier: 'usps' },
    });
    await asSeller.call(commerceApi.cancelSale, { body: { id: cancelled, reason: '' } });
    // The transfer is a background job: wait until the ledger has it.
    await expect
      .poll(
        async () => (await asSeller.call(earningsApi.payouts, { query: {} })).payouts[0]?.status,
      )
      .toBe('paid');

    // ---- /sales: this month's totals, labelled, the waiting money with its release ----
    await page.goto('/sales');
    await page.waitForLoadState('networkidle');
    const panel = page.getByTestId('earnings-panel');
    await expect(panel.getByTestId('earnings-range')).toContainText('This month: ');
    await expect(panel.getByTestId('earnings-range')).toContainText('3 sales');
    const figure = (key: string) => panel.getByTestId(`earnings-${key}`);
    await expect(figure('gross')).toHaveText('$149.60');
    await expect(figure('fees')).toHaveText('−$5.10');
    await expect(figure('refunds')).toHaveText('−$37.40');
    await expect(figure('net')).toHaveText('$107.10');
    await expect(figure('paid-out')).toHaveText('$71.40');
    await expect(figure('waiting')).toHaveText('$35.70');
    await expect(panel.getByTestId('earnings-releases')).toHaveText(
      '$35.70 (1 sale): Released when you mark the sale shipped.',
    );
    await expect(panel.getByRole('definition').first()).toHaveText('$149.60');
    await expect(panel.getByText('Gross sales', { exact: true })).toBeVisible();
    await expectAccessible(page, '/sales with its totals');

    // A preset applies as soon as it is chosen; last month had none of these sales.
    await panel.getByLabel('Period', { exact: true }).selectOption('last-month');
    await expect(page).toHaveURL(/[?&]period=last-month/);
    await expect(figure('gross')).toHaveText('$0.00');
    await expect(panel.getByTestId('earnings-range')).toContainText('Last month: ');

    // Custom dates: typing a day picks "Custom dates"; the CSV is of those days.
    const today = new Date().toISOString().slice(0, 10);
    await panel.getByLabel('From', { exact: true }).fill(today);
    await panel.getByLabel('To', { exact: true }).fill(today);
    await expect(panel.getByLabel('Period', { exact: true })).toHaveValue('custom');
    await panel.getByRole('button', { name: 'Show', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`period=custom&from=${today}&to=${today}`));
    await expect(figure('gross')).toHaveText('$149.60');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      panel.getByRole('link', { name: 'Download sales CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`sales-${today}-to-${today}.csv`);
    const csv = (await readFile((await download.path())!, 'utf8')).trimEnd().split('\r\n');
    expect(csv[0]).toMatch(/^sale_date,order_id,buyer,items,subtotal,/);
    expect(csv).toHaveLength(4);
    expect(csv.find((l) => l.includes(',2 × Walnut stool,'))).toMatch(
      /,Robin Buyer,2 × Walnut stool,60\.00,,0\.00,8\.00,6\.80,74\.80,3\.40,0\.00,71\.40,USD,shipped,paid,/,
    );

    // ---- /payout-setup: the payout, its sale a link away, where "You keep 95%" ----
    await page.goto('/payout-setup');
    const rows = page.getByTestId('payout-row');
    await expect(rows).toHaveCount(1);
    await expect(rows.first().getByTestId('payout-amount')).toHaveText('$71.40');
    await expect(rows.first().getByTestId('payout-list-status')).toHaveText('Paid');
    await expectAccessible(page, '/payout-setup with a payout');
    await rows
      .first()
      .getByRole('link', { name: /^order / })
      .click();
    await expect(page).toHaveURL(new RegExp(`/sales/${shipped}$`));
    await expect(page.getByTestId('kept-share')).toHaveText(
      'You keep 95% of the items and shipping; the tax is yours in full.',
    );
    await expect(page.getByTestId('platform-fee')).toHaveText('−$3.40');
    await expectAccessible(page, '/sales/{id} with what the seller keeps');

    // ---- without JavaScript the period form still works ----
    const bare = await withoutScripts(browser, baseURL, seller.email);
    await bare.goto('/sales?period=last-month');
    await bare.getByLabel('Period', { exact: true }).selectOption('this-month');
    await bare.getByRole('button', { name: 'Show', exact: true }).click();
    await expect(bare).toHaveURL(/[?&]period=this-month/);
    await expect(bare.getByTestId('earnings-gross')).toHaveText('$149.60');
    // The payout panel is complete in the server's HTML: it does not grow after load and push
    // the sales below it (a click meant for a sale landed beside it).
    const payouts = bare.getByTestId('payout-panel');
    await expect(payouts).toHaveAttribute('data-state', 'ready');
    await expect(payouts.getByRole('heading')).toHaveText('Payouts are set up');
    // So is it on the other pages that show it.
    for (const path of ['/payout-setup', '/onboarding-failure']) {
      await bare.goto(path);
      await expect(payouts, path).toHaveAttribute('data-state', 'ready');
      await expect(payouts.getByRole('heading'), path).toHaveText('Payouts are set up');
    }
    await bare.context().close();
  } finally {
    await shop.close();
    await api.dispose();
  }
});
