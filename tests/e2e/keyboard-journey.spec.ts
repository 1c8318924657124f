import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { MESSAGES } from '../../src/shared/messages';
import { registerMember, signedIn } from './commerce-support';
import { apiContext } from './catalog-support';
import { activate, expectFocusVisible, pageRuns, shiftTabTo, tabTo } from './keyboard-support';
import { acceptCookies, expect, modal, test, waitForLink } from './support';

// Issue 24 (10): the marketplace's whole story by keyboard alone — a new seller registers,
// activates, signs in and publishes a post with a photo; a buyer finds it, buys it and pays by
// card; the seller ships it with a tracking number; the buyer rates the seller. Only Tab,
// Shift+Tab, Enter, Space, Escape, typed characters and arrow keys inside native radio groups and
// selects: no clicks, no fills, no focus() from script, and no typed URLs but the first page and
// the emailed activation link. Any step the keyboard cannot reach fails here (tabTo lists where
// focus went instead). The buyer is a new member made through the API (signing up by keyboard is
// the seller's part of the story).

test.beforeEach(async ({ context, baseURL }) => acceptCookies(context, baseURL));

/** Types `text` into the field `label` of the current form, reached with Tab. */
async function typeInto(
  page: Page,
  label: string | RegExp,
  text: string,
  role: 'textbox' | 'combobox' = 'textbox',
) {
  await tabTo(page, { role, name: label });
  await page.keyboard.type(text);
}

/**
 * The page a link led to has focus on its main heading: the next Tab goes into its content, not
 * from wherever the link had been (a link gone with the old page used to leave focus on the body).
 */
async function landedOn(page: Page, heading: string | RegExp) {
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeFocused();
}

/** Presses Enter on the modal's Okay (focus is inside the modal) and waits for it to close. */
async function okayByKeyboard(page: Page, text: string | RegExp) {
  await expect(modal(page)).toContainText(text);
  await tabTo(page, modal(page).getByRole('button', { name: 'Okay' }));
  await expectFocusVisible(page);
  await page.keyboard.press('Enter');
  await expect(modal(page)).toHaveCount(0);
}

test('register, publish, buy, ship and rate with the keyboard alone', async ({
  page,
  browser,
  baseURL,
  playwright,
}) => {
  test.setTimeout(90_000);
  const suffix = Date.now().toString(36);
  const username = `kb${suffix}`;
  const email = `${username}@example.test`;
  const password = 'keyboard pass 123';
  const title = `Keyboard-made vase ${suffix}`;
  const tracking = '1Z999AA10123456784';

  await test.step('the seller signs up', async () => {
    await page.goto('/login?action=register');
    await pageRuns(page);
    await typeInto(page, 'Username', username);
    await expectFocusVisible(page);
    await typeInto(page, 'Display name', 'Kiln Keys');
    await typeInto(page, 'Email address', email);
    await typeInto(page, 'Password', password);
    // The account type is a radio group: Tab enters it on the chosen one, arrows choose.
    await tabTo(page, { role: 'radio', name: /^Both/ });
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect(page.getByRole('radio', { name: /^Seller/ })).toBeChecked();
    await expectFocusVisible(page);
    await activate(page, { role: 'button', name: 'Sign up' });
    await okayByKeyboard(page, MESSAGES.registrationSuccess);
    await expect(page).toHaveURL(/\/login$/);
  });

  await test.step('opens the emailed link and signs in', async () => {
    // A person opens the link from their mail: the one typed address besides the first.
    await page.goto(await waitForLink(email, /\/users\/activate-account\?token=/));
    await expect(page.getByTestId('activation-success')).toContainText(MESSAGES.accountActivated);
    // The page moves on to /login by itself (SPEC: after 3 seconds).
    await expect(page).toHaveURL(/\/login$/, { timeout: 8_000 });
    await typeInto(page, 'Email or username', username);
    await tabTo(page, page.getByLabel('Password', { exact: true }));
    await page.keyboard.type(password);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/edit-profile$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Edit profile' })).toBeFocused();
  });

  await test.step('writes a post with a photo and publishes it', async () => {
    // The side menu: a dialog from the header's menu button; Escape closes it onto the button.
    const menuButton = page.getByTestId('side-menu-button');
    await shiftTabTo(page, menuButton);
    await expectFocusVisible(page);
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('side-menu')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('side-menu')).toHaveCount(0);
    await expect(menuButton).toBeFocused();
    await page.keyboard.press('Enter');
    await activate(page, page.getByTestId('side-menu').getByRole('link', { name: 'My Posts' }));
    await expect(page).toHaveURL(/\/my-posts$/);
    await landedOn(page, 'My Posts');
    await activate(page, { role: 'link', name: 'New post' });
    await expect(page).toHaveURL(/\/add-edit-item$/);

    await typeInto(page, 'Title', title);
    await typeInto(page, 'Description', 'Thrown and glazed by hand, 20 cm tall.');
    await typeInto(page, 'Price', '45');
    await typeInto(page, 'Shipping cost', '5');
    // Back up to the photo button: Space opens the system's file dialog, as for any keyboard user.
    const photoInput = page.getByTestId('media-input');
    await shiftTabTo(page, photoInput);
    await expectFocusVisible(page);
    const png = await sharp({
      create: { width: 64, height: 48, channels: 3, background: '#0e7490' },
    })
      .png()
      .toBuffer();
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      page.keyboard.press('Space'),
    ]);
    await chooser.setFiles({ name: 'vase.png', mimeType: 'image/png', buffer: png });
    await expect(page.getByTestId('media-item')).toHaveCount(1);
    await expect(page.getByTestId('post-status')).toContainText('Draft');
    await typeInto(page, /^Photo 1: description/, 'A teal vase');
    await activate(page, { role: 'button', name: 'Publish' });
    await expect(modal(page)).toContainText(MESSAGES.postSaved);
    await expect(page.getByTestId('post-status')).toContainText('Published');
    await activate(page, modal(page).getByRole('link', { name: 'View post' }));
    await landedOn(page, title);
  });

  const api = await apiContext(playwright, baseURL);
  const buyer = await registerMember(api, 'Robin Keys', 'buyer');
  const shopper = await signedIn(browser, baseURL, buyer);
  const buyerPage = shopper.page;
  try {
    await test.step('a buyer searches for it and adds it to the cart', async () => {
      await buyerPage.goto('/all-posts');
      await pageRuns(buyerPage);
      await typeInto(buyerPage, 'Search posts, people and tags', title, 'combobox');
      await buyerPage.keyboard.press('Enter');
      await expect(buyerPage).toHaveURL(/\/search-results\?q=/);
      await activate(buyerPage, { role: 'link', name: title });
      await landedOn(buyerPage, title);
      await activate(buyerPage, { role: 'button', name: 'Add to cart' });
      await expect(buyerPage.getByTestId('post-cart-status')).toContainText('Added to your cart.');
      await expectFocusVisible(buyerPage);
      await activate(buyerPage, { role: 'link', name: 'Go to checkout' });
      await expect(buyerPage).toHaveURL(/\/checkout$/);
      await landedOn(buyerPage, 'Checkout');
      // The cart lives in the browser: its steps show once it has loaded.
      await expect(buyerPage.getByTestId('cart-line')).toHaveCount(1);
    });

    await test.step('checks out: a new address, then the test card', async () => {
      const scripts: string[] = [];
      buyerPage.on('request', (r) => {
        if (r.resourceType() === 'script') scripts.push(r.url());
      });
      await activate(buyerPage, buyerPage.getByTestId('cart-continue'));
      // A first address: the form is open from the start, once the address book has loaded.
      await expect(buyerPage.getByTestId('address-form')).toBeVisible();
      await typeInto(buyerPage, 'Full name', 'Robin Keys');
      await typeInto(buyerPage, 'Street address', '12 Harbour Road');
      await typeInto(buyerPage, 'City or town', 'Portland');
      await typeInto(buyerPage, 'State', 'OR');
      await typeInto(buyerPage, 'ZIP code', '97201');
      await activate(buyerPage, buyerPage.getByTestId('address-save'));
      await expect(
        buyerPage.getByTestId('shipping-address-choices').getByRole('radio'),
      ).toBeChecked();
      // The payment step's code has loaded while the address was typed, so it shows at once.
      await expect
        .poll(() => scripts.some((url) => /\/PaymentStep-[\w-]+\.js$/.test(url)))
        .toBe(true);
      await activate(buyerPage, buyerPage.getByTestId('address-continue'));
      // Focus is on the step's heading, and the first Tab from it lands in the payment step.
      await expect(buyerPage.locator('#checkout-step-heading')).toBeFocused();
      await expect(buyerPage.getByTestId('place-order')).toBeVisible();
      await buyerPage.keyboard.press('Tab');
      await expect(buyerPage.getByTestId('checkout-payment').locator(':focus')).toHaveCount(1);
      await activate(buyerPage, buyerPage.getByTestId('place-order'));
      // The order is placed, then the card form shows for its payment.
      await expect(buyerPage.getByLabel('Card number')).toBeEditable();
      await typeInto(buyerPage, 'Card number', '4242 4242 4242 4242');
      await typeInto(buyerPage, 'Expiry (MM / YY)', '12 / 34');
      await typeInto(buyerPage, 'CVC', '123');
      await activate(buyerPage, buyerPage.getByTestId('card-pay'));
      await expect(buyerPage).toHaveURL(/\/thanks\?order=/);
    });

    await test.step('the seller opens the sale and ships it', async () => {
      await shiftTabTo(page, page.getByTestId('side-menu-button'), 60);
      await page.keyboard.press('Enter');
      await activate(page, page.getByTestId('side-menu').getByRole('link', { name: 'Sales' }));
      await expect(page).toHaveURL(/\/sales$/);
      await landedOn(page, 'Sales');
      await activate(page, page.getByTestId('sale-link'));
      const form = page.getByTestId('ship-form');
      await tabTo(page, form.getByLabel('Carrier'));
      // A native select: arrows choose an option without opening it.
      await page.keyboard.press('ArrowDown');
      await expect(form.getByLabel('Carrier')).toHaveValue('ups');
      await typeInto(page, 'Tracking number', tracking);
      const submit = form.getByTestId('ship-submit');
      await activate(page, submit);
      // Escape backs out of the irreversible step, onto the button that asked.
      await expect(modal(page)).toContainText(MESSAGES.confirmMarkShipped);
      await page.keyboard.press('Escape');
      await expect(modal(page)).toHaveCount(0);
      await expect(submit).toBeFocused();
      await expectFocusVisible(page);
      await page.keyboard.press('Enter');
      await okayByKeyboard(page, MESSAGES.confirmMarkShipped);
      await expect(page.getByTestId('sale-status')).toHaveText('Shipped');
    });

    await test.step('the buyer rates the seller', async () => {
      await shiftTabTo(buyerPage, buyerPage.getByTestId('side-menu-button'), 60);
      await buyerPage.keyboard.press('Enter');
      await activate(
        buyerPage,
        buyerPage.getByTestId('side-menu').getByRole('link', { name: 'Purchases' }),
      );
      await expect(buyerPage).toHaveURL(/\/orders$/);
      await landedOn(buyerPage, 'Purchases');
      await activate(buyerPage, buyerPage.getByTestId('leave-feedback'));
      await expect(buyerPage).toHaveURL(/\/feedback\/orders\//);
      await landedOn(buyerPage, /feedback/i);
      // The stars are a radio group: Tab enters on the first, arrows choose.
      await tabTo(buyerPage, { role: 'radio', name: '1 star' });
      await expectFocusVisible(buyerPage);
      for (let i = 0; i < 4; i++) await buyerPage.keyboard.press('ArrowRight');
      await expect(buyerPage.getByRole('radio', { name: '5 stars' })).toBeChecked();
      await typeInto(buyerPage, 'Your feedback (optional)', 'Lovely vase, well packed.');
      await activate(buyerPage, { role: 'button', name: 'Leave feedback' });
      // Escape closes the notice too; the form it came from is gone, so focus goes to the heading.
      await expect(modal(buyerPage)).toContainText(MESSAGES.feedbackSaved);
      await buyerPage.keyboard.press('Escape');
      await expect(modal(buyerPage)).toHaveCount(0);
      await landedOn(buyerPage, /feedback/i);
      await expect(buyerPage.getByTestId('part-rated')).toBeVisible();
    });
  } finally {
    await shopper.close();
    await api.dispose();
  }
});
