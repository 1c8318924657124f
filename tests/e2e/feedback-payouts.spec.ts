import { commerceApi } from '../../src/shared/api/commerce';
import { MESSAGES } from '../../src/shared/messages';
import { expectAccessible } from './axe';
import { apiContext, createPost } from './catalog-support';
import { paidOrder, registerMember, signedIn } from './commerce-support';
import { registerSeller } from './site-support';
import {
  DEMO_PASSWORD,
  acceptCookies,
  apiClient,
  expect,
  modal,
  reloadUntil,
  test,
} from './support';

// Seller payout onboarding with the embedded driver (a setup that failed, a fresh link, our own
// payout form, the success page) and buyers' feedback (a shipped order rated on
// /feedback/orders/{id}, the rating on the seller's page and feedback pages). Fresh members only.

test.describe('payout onboarding', () => {
  test('a new seller whose setup failed starts again, fills in the payout form and is set up', async ({
    browser,
    baseURL,
    playwright,
  }) => {
    const api = await apiContext(playwright, baseURL);
    const seller = registerSeller(api);
    const { email } = await seller;
    await (await seller).activate();
    const { page } = await signedIn(browser, baseURL, { email, password: DEMO_PASSWORD });

    await page.goto('/onboarding-failure');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText("Payout setup isn't finished");
    const panel = page.getByTestId('payout-panel');
    await expect(panel).toHaveAttribute('data-state', 'not-set-up');
    await expect(panel.getByRole('heading')).toHaveText('Payouts are not set up yet');
    await expectAccessible(page, '/onboarding-failure, not set up');

    await panel.getByRole('button', { name: 'Set up payouts' }).click();
    await expect(page).toHaveURL(/\/payout-setup\?account=acct_local_\w+&type=account_onboarding/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Set up payouts');
    await expectAccessible(page, '/payout-setup');

    // Empty: each field says what it needs, focus on the first.
    const form = page.getByTestId('payout-form');
    await form.getByRole('button', { name: 'Save payout details' }).click();
    await expect(page.getByTestId('payout-holderName-error')).toBeVisible();
    await expect(page.getByTestId('payout-country-error')).toHaveText(
      'Choose a country from the list.',
    );
    await expect(page.getByTestId('payout-accountNumber-error')).toBeVisible();
    await expect(form.getByLabel('Account holder')).toBeFocused();
    await expectAccessible(page, '/payout-setup with field errors');

    await form.getByLabel('Account holder').fill('Kiln Corner Ltd');
    await form.getByLabel('Country of the bank account').selectOption('DE');
    await form.getByLabel('IBAN or account number').fill('DE89 3704 0044 0532 0130 00');
    await expect(form.getByText('We keep only the last four characters')).toBeVisible();
    await form.getByRole('button', { name: 'Save payout details' }).click();

    await expect(page).toHaveURL(/\/onboarding-success$/);
    await expect(page.getByTestId('onboarding-success-page')).toHaveAttribute(
      'data-state',
      'complete',
    );
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Payouts are set up');
    await expectAccessible(page, '/onboarding-success, set up');
    // SPEC §3: the user store's stripeOnboardingComplete follows details_submitted.
    await expect
      .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('auth') ?? '{}')))
      .toMatchObject({ state: { stripeOnboardingComplete: true } });

    // The panel now offers to update the details.
    await page.goto('/onboarding-failure');
    await expect(panel).toHaveAttribute('data-state', 'ready');
    await expect(panel.getByRole('button', { name: 'Update payout details' })).toBeVisible();
    await page.context().close();
    await api.dispose();
  });

  test('coming back before finishing says so and offers to continue', async ({
    browser,
    baseURL,
    playwright,
  }) => {
    const api = await apiContext(playwright, baseURL);
    const seller = await registerSeller(api);
    await seller.activate();
    const { page } = await signedIn(browser, baseURL, {
      email: seller.email,
      password: DEMO_PASSWORD,
    });
    await page.goto('/onboarding-success');
    await expect(page.getByTestId('onboarding-success-page')).toHaveAttribute(
      'data-state',
      'incomplete',
    );
    await expect(page.getByRole('button', { name: 'Continue setup' })).toBeVisible();
    await expect
      .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('auth') ?? '{}')))
      .toMatchObject({ state: { stripeOnboardingComplete: false } });
    await expectAccessible(page, '/onboarding-success, not finished');
    await page.getByRole('button', { name: 'Continue setup' }).click();
    await expect(page).toHaveURL(/\/payout-setup\?account=acct_local_/);
    await page.context().close();
    await api.dispose();
  });
});

test.describe('feedback', () => {
  test('a buyer rates a shipped order and the seller’s page shows the rating', async ({
    browser,
    baseURL,
    playwright,
  }) => {
    // The visitor waits seconds for the rating (a soft change) to reach the cached page.
    test.slow();
    const api = await apiContext(playwright, baseURL);
    const seller = await registerMember(api, 'Kiln Corner', 'seller');
    const buyer = await registerMember(api, 'Robin Buyer', 'buyer');
    const post = await createPost(api, seller.token, {
      title: 'Speckled jug',
      description: 'Stoneware, 1 litre.',
      price: 40,
      shippingCost: 6,
      stock: 5,
      _tags: [],
      variations: [],
      status: 'published',
    } as Parameters<typeof createPost>[2]);

    // Before any feedback: the seller's page (as a visitor sees it, cached) shows no rating.
    const visitor = await browser.newContext();
    const visitorPage = await visitor.newPage();
    await visitorPage.goto(`/${seller.username}`);
    await expect(visitorPage.getByTestId('site-profile')).toBeVisible();
    await expect(visitorPage.getByTestId('seller-rating')).toHaveCount(0);

    // Bought and paid (the embedded card form's calls), then shipped by the seller.
    const order = await paidOrder(api, buyer.token, [{ postId: post._id }]);
    const { page } = await signedIn(browser, baseURL, buyer);

    // Not shipped yet: the page says when feedback opens.
    await page.goto(`/feedback/orders/${order._id}`);
    await expect(page.getByTestId('part-waiting')).toContainText('once Kiln Corner has shipped');

    const part = order.transactions[0]!;
    await apiClient(api, { token: seller.token }).call(commerceApi.markShipped, {
      body: { id: part._id, trackingNumber: '9400100000000000000000', carrier: 'usps' },
    });

    await page.reload();
    const form = page.getByTestId(`rate-${part._id}-form`);
    await expect(form).toBeVisible();
    await expectAccessible(page, '/feedback/orders/{id} with the rating form');

    // No stars: the form says so by the field.
    await form.getByRole('button', { name: 'Leave feedback' }).click();
    await expect(page.getByTestId(`rate-${part._id}-rating-error`)).toHaveText(
      'Choose a rating from 1 to 5 stars.',
    );
    // The stars are a radio group: arrow keys choose.
    await form.getByRole('radio', { name: '1 star' }).focus();
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
    await expect(form.getByRole('radio', { name: '4 stars' })).toBeChecked();
    await form.getByLabel('Your feedback (optional)').fill('Lovely glaze, packed with care.');
    await form.getByRole('button', { name: 'Leave feedback' }).click();
    await expect(modal(page)).toContainText(MESSAGES.feedbackSaved);
    await modal(page).getByRole('button', { name: 'Okay' }).click();
    await expect(page.getByTestId('part-rated')).toContainText('You rated Kiln Corner');
    await expect(page.getByTestId('part-rated').getByRole('img')).toHaveAccessibleName(
      '4 out of 5 stars',
    );

    // Rating again is refused by the server with its message.
    const again = apiClient(api, { token: buyer.token }).call(commerceApi.leaveFeedback, {
      body: { type: 'order', id: part._id, rating: 1 },
    });
    await expect(again).rejects.toMatchObject({ status: 409 });

    // The buyer's written feedback, and the pages everyone sees.
    await page.goto('/feedback/orders');
    await expect(page.getByTestId('feedback-card').first()).toContainText(
      'Lovely glaze, packed with care.',
    );
    await expectAccessible(page, '/feedback/orders');

    // The visitor's cached copy of the page shows a new rating within seconds (a soft change).
    await visitorPage.goto(`/${seller.username}`);
    const rating = visitorPage.getByTestId('seller-rating');
    await reloadUntil(visitorPage, () =>
      expect(rating).toContainText('(1 rating)', { timeout: 1_000 }),
    );
    await expect(rating.getByRole('img')).toHaveAccessibleName('4 out of 5 stars');
    await rating.click();
    await expect(visitorPage).toHaveURL(new RegExp(`/${seller.username}/products/feedback$`));
    await expect(visitorPage.getByTestId('feedback-card')).toContainText('Robin Buyer');
    await expect(visitorPage.getByTestId('rating-summary')).toContainText('1 rating');

    await page.goto(`/products/feedback/${post._id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Feedback on Speckled jug');
    await expect(page.getByTestId('feedback-card')).toContainText('Lovely glaze');
    await expectAccessible(page, '/products/feedback/{id}');
    await page.context().close();
    await visitor.close();
    await api.dispose();
  });

  test('the feedback pages are accessible, also when empty', async ({ browser, baseURL }) => {
    const context = await browser.newContext();
    await acceptCookies(context, baseURL);
    const page = await context.newPage();
    await page.goto('/products/feedback');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Product feedback');
    await expectAccessible(page, '/products/feedback');
    await page.goto('/leo/products/feedback');
    await expect(page.getByTestId('site-feedback-page')).toBeVisible();
    await expectAccessible(page, '/leo/products/feedback');
    await context.close();
  });
});
