import type { Locator, Page } from '@playwright/test';
import { MESSAGES } from '../../src/shared/messages';
import { expectAccessible } from './axe';
import { apiContext } from './catalog-support';
import {
  addToCart,
  fillCard,
  registerMember,
  savedAddress,
  sellerAndBuyer,
  signedIn,
} from './commerce-support';
import { acceptCookies, expect, test } from './support';

// Issue 24 point 2: a refused card on a phone is shown next to the Pay button, announced, focused
// and in view, with SPEC §8's sentence and what to do; point 6: the buyer's only saved address is
// selected, so "Continue to payment" is ready.

const PHONE = { width: 390, height: 844 };

/** The refusal is an alert, has focus, is on screen and sits right above the Pay button. */
async function expectRefusalInView(page: Page, alert: Locator, advice: string) {
  await expect(alert).toHaveAttribute('role', 'alert');
  await expect(alert).toBeFocused();
  await expect(alert).toBeInViewport({ ratio: 1 });
  await expect(alert).toContainText(MESSAGES.paymentError);
  await expect(alert).toContainText(advice);
  const pay = page.getByTestId('card-pay');
  const [a, p] = [await alert.boundingBox(), await pay.boundingBox()];
  expect(p!.y - (a!.y + a!.height), 'the refusal is next to the Pay button').toBeLessThan(32);
  expect(p!.y).toBeGreaterThan(a!.y);
}

test.beforeEach(async ({ context, baseURL }) => acceptCookies(context, baseURL));

test('checkout on a phone: the only address is chosen; a declined card is shown by Pay', async ({
  browser,
  playwright,
  baseURL,
}) => {
  const api = await apiContext(playwright, baseURL);
  const { post, buyer } = await sellerAndBuyer(
    api,
    { title: `Declined teapot ${Date.now().toString(36)}`, price: 21, stock: 4 },
    'Ada Buyer',
  );
  await savedAddress(api, buyer.token);
  const { page: buyerPage, close } = await signedIn(browser, baseURL, buyer);
  try {
    await buyerPage.setViewportSize(PHONE);
    await addToCart(buyerPage, post);
    await buyerPage.getByTestId('cart-link').click();
    await buyerPage.getByTestId('cart-continue').click();

    await test.step('the only saved address is selected: Continue to payment is ready', async () => {
      const only = buyerPage.getByTestId('shipping-address-choices').getByRole('radio');
      await expect(only).toHaveCount(1);
      await expect(only).toBeChecked();
      await expect(buyerPage.getByTestId('address-continue')).toBeEnabled();
    });

    await buyerPage.getByTestId('address-continue').click();
    await buyerPage.getByTestId('place-order').click();

    await test.step('a declined card: the refusal by Pay, focused and in view', async () => {
      await fillCard(buyerPage, '4000 0000 0000 0002');
      await buyerPage.getByTestId('card-pay').click();
      const alert = buyerPage.getByTestId('payment-error');
      await expectRefusalInView(buyerPage, alert, 'Your card was declined — try another card.');
      await expect(buyerPage.getByTestId('modal')).toBeHidden();
      await expectAccessible(buyerPage, 'checkout on a phone: a declined card');
    });

    await test.step('another refusal replaces it and takes focus again', async () => {
      await fillCard(buyerPage, '4000 0000 0000 9995');
      await buyerPage.getByTestId('card-pay').click();
      const alert = buyerPage.getByTestId('payment-error');
      await expectRefusalInView(
        buyerPage,
        alert,
        'Your card has insufficient funds — try another card.',
      );
      await expect(alert).toHaveCount(1);
    });
  } finally {
    await close();
  }
});

test('a plan on a phone: a declined card is shown by Pay, focused and in view', async ({
  browser,
  playwright,
  baseURL,
}) => {
  const api = await apiContext(playwright, baseURL);
  const member = await registerMember(api, 'Pat Planner', 'seller');
  const { page, close } = await signedIn(browser, baseURL, member);
  try {
    await page.setViewportSize(PHONE);
    // /pricing's plans lead here too.
    await page.goto('/plan-selection?plan=creator&frequency=month');
    await expect(page.getByTestId('subscribe-panel')).toContainText('$9.00 now');
    await fillCard(page, '4000 0000 0000 0002');
    await page.getByTestId('card-pay').click();
    await expectRefusalInView(
      page,
      page.getByTestId('subscribe-error'),
      'Your card was declined — try another card.',
    );
    await expectAccessible(page, '/plan-selection on a phone: a declined card');
  } finally {
    await close();
  }
});
