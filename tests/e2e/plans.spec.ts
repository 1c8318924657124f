import { MESSAGES } from '../../src/shared/messages';
import { expectAccessible } from './axe';
import { fillCard, registerMember, signedIn } from './commerce-support';
import { acceptCookies, expect, modal, okayModal, test } from './support';

// Plans end to end (docs/decisions/032): a member on the Free plan is refused a custom domain and
// offered the plans, buys Creator with the embedded card form, uses the domain, then switches back
// to free through the confirm. /pricing and /plan-selection are checked with axe on the way.

test.beforeEach(async ({ context, baseURL }) => acceptCookies(context, baseURL));

test('/pricing compares the plans monthly and yearly, without violations', async ({ page }) => {
  await page.goto('/pricing');
  const creator = page.getByTestId('plan-creator');
  await expect(creator.getByTestId('plan-price')).toHaveText('$9.00');
  await expect(creator).toContainText('per month');
  await expect(creator).toContainText('Your own domain name');
  await expect(page.getByTestId('plan-free').getByTestId('plan-price')).toHaveText('$0.00');
  await expect(page.getByTestId('billing-month')).toHaveAttribute('aria-current', 'page');
  await expectAccessible(page, '/pricing');

  await page.getByTestId('billing-year').click();
  await expect(page).toHaveURL(/\/pricing\?billing=year$/);
  await expect(creator.getByTestId('plan-price')).toHaveText('$90.00');
  await expect(creator).toContainText('per year');
  await expect(page.getByTestId('choose-creator')).toHaveAttribute(
    'href',
    '/plan-selection?plan=creator&frequency=year',
  );
  await expectAccessible(page, '/pricing?billing=year');
});

test('buy the paid plan with the card, use a custom domain, switch back to free', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(90_000);
  const member = await registerMember(request, 'Plan Buyer', 'seller');
  const { page, close } = await signedIn(browser, baseURL, member);
  const domain = `shop.${member.username}.example.org`;
  const editor = page.getByTestId('site-editor');

  await test.step('the Free plan refuses a custom domain and offers the plans', async () => {
    await page.goto('/edit-page');
    await expect(page.getByTestId('site-domain-plan')).toContainText(
      'Your own domain comes with the Creator plan',
    );
    await editor.getByLabel('Custom domain', { exact: true }).fill(domain);
    await page.getByTestId('site-save').click();
    const dialog = modal(page);
    await expect(dialog).toContainText(
      'Your Free plan does not let you use your own domain name. Upgrade to the Creator plan to use your own domain name.',
    );
    await dialog.getByRole('button', { name: 'Okay' }).click();
    // The typed domain was not saved: leaving asks first.
    await okayModal(page, MESSAGES.unsavedSiteChanges);
    await expect(page).toHaveURL(/\/plan-selection$/);
  });

  await test.step('/plan-selection: the Free plan now, the plans to choose', async () => {
    await expect(page.getByTestId('current-plan-name')).toHaveText('Free');
    await expect(page.getByTestId('plan-free').getByTestId('plan-current')).toBeVisible();
    await expectAccessible(page, '/plan-selection on the Free plan');
  });

  await test.step('a declined card is said so; 4242 4242 4242 4242 buys Creator', async () => {
    await page.getByTestId('choose-creator').click();
    await expect(page).toHaveURL(/\/plan-selection\?plan=creator&frequency=month$/);
    const panel = page.getByTestId('subscribe-panel');
    await expect(panel).toContainText('$9.00 now, then every month');
    await fillCard(page, '4000 0000 0000 0002');
    await page.getByTestId('card-pay').click();
    const refusal = page.getByTestId('subscribe-error');
    await expect(refusal).toHaveText(
      `${MESSAGES.paymentError}Your card was declined — try another card.`,
    );
    await expect(refusal).toBeFocused();
    await expectAccessible(page, '/plan-selection with the card form and a decline');

    await fillCard(page, '4242 4242 4242 4242');
    await expect(page.getByTestId('card-pay')).toHaveText('Pay $9.00');
    await page.getByTestId('card-pay').click();
    await okayModal(page, /You are on the Creator plan until .+, renewing every month/);
    await expect(page).toHaveURL(/\/plan-selection$/);
    await expect(page.getByTestId('current-plan-name')).toHaveText('Creator');
    await expect(page.getByTestId('current-plan-state')).toContainText('Renews on');
    await expect(page.getByTestId('current-plan-card')).toContainText('Visa ending in 4242');
  });

  await test.step('the plan-only feature: the custom domain is saved', async () => {
    await page.goto('/edit-page');
    await expect(page.getByTestId('site-domain-plan')).toHaveCount(0);
    await editor.getByLabel('Custom domain', { exact: true }).fill(domain);
    await page.getByTestId('site-save').click();
    await okayModal(page, MESSAGES.siteSaved);
    await expect(page.getByTestId('site-domain-state')).toHaveText('Waiting for verification');
  });

  await test.step('switch back to free through the confirm: the plan stays until it ends', async () => {
    await page.goto('/plan-selection');
    await page.getByTestId('switch-to-free').click();
    const dialog = modal(page);
    await expect(dialog).toContainText(MESSAGES.confirmPlanChange);
    await dialog.getByRole('button', { name: 'Okay' }).click();
    await okayModal(page, /your Creator plan stays until .+, then you are on the Free plan/);
    await expect(page.getByTestId('current-plan-state')).toContainText('Ends on');
    await expect(page.getByTestId('current-plan-name')).toHaveText('Creator');
    await expect(page.getByTestId('keep-plan')).toBeVisible();
    await expectAccessible(page, '/plan-selection switching to free');
  });
  await close();
});
