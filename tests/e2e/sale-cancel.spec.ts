import { expectAccessible } from './axe';
import { apiContext } from './catalog-support';
import { paidOrder, sellerAndBuyer, signedIn, stockOf } from './commerce-support';
import { DEMO_PASSWORD, expect, modal, test } from './support';

// The seller cancels a paid sale they can't ship (/sales/{id}): the same confirmed cancel as the
// buyer's unpaid order (components/ConfirmedCancel.tsx), with a reason the buyer reads.

test('the seller cancels a sale from its page: confirmed, with a reason, the buyer refunded and the stock back', async ({
  browser,
  baseURL,
  playwright,
}) => {
  test.setTimeout(90_000);
  const api = await apiContext(playwright, baseURL);
  const { seller, post, buyer } = await sellerAndBuyer(
    api,
    { title: 'Glazed tea bowl', price: 30, shippingCost: 5, stock: 2 },
    'Sam Buyer',
  );
  await paidOrder(api, buyer.token, [{ postId: post._id, amount: 1 }]);
  const stock = () => stockOf(api, post._id);
  expect(await stock()).toBe(1);

  const shop = await signedIn(browser, baseURL, { email: seller.email, password: DEMO_PASSWORD });
  try {
    const page = shop.page;
    await page.goto('/sales');
    await page.getByTestId('sale-card').first().getByTestId('sale-link').click();
    await expect(page).toHaveURL(/\/sales\/[0-9a-f-]{36}$/);
    // The form is server-rendered: it does something once the page's scripts have run.
    await page.waitForLoadState('networkidle');
    const form = page.getByTestId('cancel-sale-form');
    await form.getByLabel('Reason (optional, the buyer sees it)').fill('The glaze cracked.');

    // Nope leaves the sale to ship.
    await form.getByTestId('cancel-sale').click();
    await expect(modal(page)).toContainText('Cancel this sale?');
    // $30 + $5 shipping + 10% tax.
    await expect(modal(page)).toContainText('The buyer is refunded $38.50');
    await modal(page).getByRole('button', { name: 'Nope' }).click();
    await expect(modal(page)).toBeHidden();
    await expect(page.getByTestId('sale-status')).toHaveText('To ship');
    await expect(form.getByTestId('cancel-sale')).toBeEnabled();

    await form.getByTestId('cancel-sale').click();
    await modal(page).getByRole('button', { name: 'Okay' }).click();
    await expect(modal(page)).toBeHidden();
    await expect(page.getByTestId('sale-status')).toHaveText('Cancelled');
    await expect(page.getByTestId('cancel-reason')).toContainText('The glaze cracked.');
    await expect(page.getByTestId('cancel-sale-form')).toHaveCount(0);
    await expect(page.getByTestId('cancel-error')).toHaveCount(0);
    expect(await stock()).toBe(2);
    await expectAccessible(page, '/sales/{id} cancelled');
  } finally {
    await shop.close();
    await api.dispose();
  }
});
