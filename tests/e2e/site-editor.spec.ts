import type { Page, Route } from '@playwright/test';
import sharp from 'sharp';
import { accountsApi } from '../../src/shared/api/accounts';
import { plansApi } from '../../src/shared/api/plans';
import { sitesApi } from '../../src/shared/api/sites';
import { MESSAGES } from '../../src/shared/messages';
import { nearestPassingColor } from '../../src/web/features/sites/editor/color-contrast';
import { SITE_THEMES } from '../../src/web/features/sites/editor/themes';
import { expectAccessible } from './axe';
import { apiLogin } from './catalog-support';
import {
  API,
  acceptCookies,
  apiClient,
  expect,
  modal,
  okayModal,
  submitLogin,
  test,
  waitForLink,
} from './support';

// /edit-page end to end: a fresh seller (the demo users' pages are asserted by other specs) edits
// the branding with the live preview, fixes a contrast warning with the offered colour, uploads a
// logo, saves, and finds it all on the public page.

/** '#0c4a6e' → 'rgb(12, 74, 110)', as computed styles report colours. */
function rgb(hex: string): string {
  const n = (i: number) => parseInt(hex.slice(i, i + 2), 16);
  return `rgb(${n(1)}, ${n(3)}, ${n(5)})`;
}

/** Registers and activates a seller through the API and the mail outbox. */
async function freshSeller(page: Page) {
  const username = `site${Date.now().toString(36)}`;
  const email = `${username}@example.test`;
  const password = 'site editor 123';
  const api = apiClient(page.request);
  await api.call(accountsApi.register, {
    body: { username, name: 'Sunny Seller', email, password, accountType: 'seller' },
  });
  const link = await waitForLink(email, /\/users\/activate-account\?token=/);
  const token = new URL(link).searchParams.get('token')!;
  await api.call(accountsApi.activateAccount, { query: { token } });
  return { username, email, password };
}

/** Holds matching requests until `release()` (lets a test see a state that is normally brief). */
async function holdRequests(page: Page, url: string) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route: Route) => {
    await gate;
    await route.continue();
  });
  return release;
}

test.beforeEach(async ({ context, baseURL }) => acceptCookies(context, baseURL));

test('edit the page with its live preview, save, and see it on the public page', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const seller = await freshSeller(page);
  const ocean = SITE_THEMES.find((t) => t.id === 'ocean')!;
  const headerBackground = '#fde68a';
  const footerBackground = '#3b0764';
  const fixedHeaderText = nearestPassingColor(ocean.colors.headerTextColor, headerBackground)!;

  const editor = page.getByTestId('site-editor');
  const preview = page.getByTestId('site-preview');
  const previewHeader = page.getByTestId('site-preview-header');

  await test.step('log in and open /edit-page: no accessibility violation', async () => {
    await page.goto('/edit-page');
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fedit-page$/);
    await submitLogin(page, seller.username, seller.password);
    await expect(page).toHaveURL(/\/edit-page$/);
    await expect(editor.getByLabel('Site name', { exact: true })).toHaveValue('Sunny Seller');
    await expect(page.getByTestId('site-preview-name')).toHaveText('Sunny Seller');
    await expectAccessible(page, '/edit-page');
  });

  await test.step('the preview follows every keystroke: name, theme, colours, font, size', async () => {
    await editor.getByLabel('Site name', { exact: true }).fill('Sunny Studio');
    await expect(page.getByTestId('site-preview-name')).toHaveText('Sunny Studio');
    await expect(page.getByTestId('site-save-state')).toContainText('Unsaved changes');

    await page.getByTestId('site-theme-ocean').click();
    await expect(editor.getByLabel('Button background', { exact: true })).toHaveValue(
      ocean.colors.buttonBackgroundColor,
    );
    await expect(page.getByTestId('site-preview-button')).toHaveCSS(
      'background-color',
      rgb(ocean.colors.buttonBackgroundColor),
    );
    await expect(previewHeader).toHaveCSS(
      'background-color',
      rgb(ocean.colors.headerBackgroundColor),
    );
    await expect(preview).toHaveCSS('font-family', /Inter/);

    // The footer background through the colour picker: the hex box follows it.
    await page.getByTestId('site-footerBackgroundColor-picker').fill(footerBackground);
    await expect(editor.getByLabel('Footer background', { exact: true })).toHaveValue(
      footerBackground,
    );
    await expect(page.getByTestId('site-preview-footer')).toHaveCSS(
      'background-color',
      rgb(footerBackground),
    );

    await editor.getByLabel('Font', { exact: true }).selectOption('Lora');
    await expect(preview).toHaveCSS('font-family', /Lora/);
    // The chosen font is loaded (self-hosted) for the preview's text.
    await expect
      .poll(() =>
        page.evaluate(() =>
          [...document.fonts].some(
            (f) => f.family.replace(/['"]/g, '') === 'Lora' && f.status === 'loaded',
          ),
        ),
      )
      .toBe(true);

    await page.getByTestId('site-font-scale').fill('1.2');
    await expect(editor.getByText('Text size (120%)')).toBeVisible();
    await expect(preview).toHaveCSS('font-size', '19.2px'); // 16px × 1.2
  });

  await test.step('a header that fails WCAG AA is flagged and fixed with the offered colour', async () => {
    await editor.getByLabel('Header background', { exact: true }).fill(headerBackground);
    await expect(previewHeader).toHaveCSS('background-color', rgb(headerBackground));
    const warning = page.getByTestId('site-contrast-header');
    await expect(warning).toContainText(
      /^Header text on header background: 1\.\d:1 — below the 4\.5:1 WCAG AA minimum/,
    );
    // Meanwhile the page (and so the preview) paints the header text dark, readable.
    await expect(warning).toContainText('your page shows this text in #111827');
    await expect(previewHeader).toHaveCSS('color', rgb('#111827'));
    const headerText = editor.getByLabel('Header text', { exact: true });
    await expect(headerText).toHaveAccessibleDescription(/below the 4\.5:1 WCAG AA minimum/);
    await expectAccessible(page, '/edit-page with a contrast warning');

    // Keyboard only: from the header text box, Tab reaches the offer.
    await headerText.focus();
    await page.keyboard.press('Tab');
    const fix = page.getByTestId('site-contrast-header-fix');
    await expect(fix).toBeFocused();
    await expect(fix).toHaveText(`Use ${fixedHeaderText}`);
    await page.keyboard.press('Enter');
    await expect(headerText).toHaveValue(fixedHeaderText);
    await expect(warning).toHaveCount(0);
    await expect(previewHeader).toHaveCSS('color', rgb(fixedHeaderText));
  });

  await test.step('upload a logo: local preview and progress, then the stored thumbnail', async () => {
    const png = await sharp({
      create: { width: 200, height: 200, channels: 3, background: '#b45309' },
    })
      .png()
      .toBuffer();
    const logoUpload = `**${API}${sitesApi.uploadLogo.path}`;
    const release = await holdRequests(page, logoUpload);
    await page
      .getByTestId('site-logo-input')
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png });
    await expect(page.getByTestId('site-logo-local')).toHaveAttribute('src', /^blob:/);
    await expect(page.getByTestId('site-logo-upload')).toContainText('Uploading…');
    await expect(page.getByTestId('site-logo-progress')).toBeVisible();
    release();
    await expect(page.getByTestId('site-logo-upload')).toContainText('Logo uploaded.');
    await expect(page.getByTestId('site-logo-progress')).toHaveAttribute('value', '100');
    await expect(page.getByTestId('site-logo-saved')).toHaveAttribute('src', /\/media\//);
    await page.unroute(logoUpload);

    await page.getByRole('radio', { name: /^Logo and name/ }).check();
    await expect(page.getByTestId('site-preview-logo')).toHaveAttribute('src', /\/media\//);
    await expect(page.getByTestId('site-preview-name')).toHaveText('Sunny Studio');
  });

  await test.step('an invalid value: one error, by its field, gone as soon as it is fixed', async () => {
    const footerText = editor.getByLabel('Footer text', { exact: true });
    const before = await footerText.inputValue();
    await footerText.fill('#12');
    await page.getByTestId('site-save').click();
    const error = page.getByTestId('site-footerTextColor-error');
    await expect(error).toHaveText('Footer text: use a hex colour such as #1f2937.');
    await expect(footerText).toBeFocused();
    await expect(page.getByTestId('site-save-state')).toContainText('Not saved yet');
    await expect(page.locator('[data-modal-type]')).toHaveCount(0);
    await footerText.fill(before);
    await expect(error).toHaveCount(0);
  });

  await test.step('save (with a custom domain): the modal and the status line say so', async () => {
    // A custom domain comes with a paid plan (docs/decisions/032): bought through the API here;
    // tests/e2e/plans.spec.ts buys one through the page and sees the Free plan's refusal first.
    const token = await apiLogin(request, seller);
    await apiClient(request, { token }).call(plansApi.subscribe, {
      body: {
        planId: 'creator',
        frequency: 'month',
        card: { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' },
      },
    });
    await editor
      .getByLabel('Custom domain', { exact: true })
      .fill(`Shop.${seller.username}.example.org`);
    await expect(page.getByTestId('site-domain-unsaved')).toContainText('Save your changes');
    await page.getByTestId('site-save').click();
    await okayModal(page, MESSAGES.siteSaved);
    await expect(page.getByTestId('site-save-state')).toContainText('All changes saved at');
    await expect(page.getByTestId('site-save-state')).not.toContainText('Unsaved');

    // The domain as the server normalised it, waiting for the records it lists.
    const domain = `shop.${seller.username}.example.org`;
    await expect(editor.getByLabel('Custom domain', { exact: true })).toHaveValue(domain);
    await expect(page.getByTestId('site-domain-state')).toHaveText('Waiting for verification');
    // A pending claim blocks nobody (docs/decisions/049): the editor says so.
    await expect(page.getByTestId('site-domain-pending')).toHaveText(
      `Until it is verified, other sellers may claim ${domain} too: the first to publish the proof gets it.`,
    );
    const records = page.getByTestId('site-domain-records');
    await expect(records.getByRole('row', { name: /^TXT/ })).toContainText(
      `_storefront-verify.${domain}`,
    );
    await expect(records.getByRole('row', { name: /^TXT/ })).toContainText('storefront-verify=');
    await expect(records.getByRole('row', { name: /^CNAME/ })).toContainText(
      new URL(baseURL!).hostname,
    );
    await expect(page.getByTestId('site-domain-check')).toBeVisible();
    await expectAccessible(page, '/edit-page saved, with a logo and the domain records');
  });

  await test.step('leaving with unsaved changes asks first', async () => {
    await editor.getByLabel('Description', { exact: true }).fill('Never saved words');
    await page.getByTestId('site-view-link').click();
    await expect(modal(page)).toContainText(MESSAGES.unsavedSiteChanges);
    await page.getByTestId('modal-nope').click();
    await expect(page).toHaveURL(/\/edit-page$/);
    await expect(editor.getByLabel('Description', { exact: true })).toHaveValue(
      'Never saved words',
    );

    await page.getByTestId('site-view-link').click();
    await okayModal(page, MESSAGES.unsavedSiteChanges);
    await expect(page).toHaveURL(new RegExp(`/${seller.username}$`));
  });

  await test.step('the public page shows the saved colours, logo and font', async () => {
    const header = page.getByTestId('site-header');
    await expect(header).toHaveCSS('background-color', rgb(headerBackground));
    await expect(header).toHaveCSS('color', rgb(fixedHeaderText));
    await expect(page.getByTestId('site-logo')).toHaveAttribute('src', /\/media\//);
    await expect(page.getByTestId('site-name')).toHaveText('Sunny Studio');
    await expect(page.getByTestId('site-footer')).toHaveCSS(
      'background-color',
      rgb(footerBackground),
    );
    await expect(page.locator('[data-layout="user-site"]')).toHaveCSS('font-family', /Lora/);
    await expect(page.getByText('Never saved words')).toHaveCount(0);
  });
});

test('without JavaScript the editor is a plain form: server errors by the field, then a save', async ({
  browser,
  baseURL,
}) => {
  // browser.newContext() takes the test's options (baseURL, this test's X-Forwarded-For).
  const context = await browser.newContext({ javaScriptEnabled: false });
  await acceptCookies(context, baseURL);
  const page = await context.newPage();
  const seller = await freshSeller(page);
  await page.goto('/login?redirectTo=%2Fedit-page');
  await submitLogin(page, seller.username, seller.password);
  await expect(page).toHaveURL(/\/edit-page$/);

  const editor = page.getByTestId('site-editor');
  await editor.getByLabel('Site name', { exact: true }).fill('Plain Form Shop');
  await editor.getByLabel('Header text', { exact: true }).fill('#12');
  await editor.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByTestId('site-headerTextColor-error')).toHaveText(
    'Header text: use a hex colour such as #1f2937.',
  );
  await expect(editor.getByLabel('Header text', { exact: true })).toHaveAttribute(
    'aria-invalid',
    'true',
  );

  // The refused values come back to be corrected.
  await expect(editor.getByLabel('Site name', { exact: true })).toHaveValue('Plain Form Shop');
  await editor.getByLabel('Header text', { exact: true }).fill('#fafafa');
  await editor.getByLabel('Header background', { exact: true }).fill('#1f2937');
  await editor.getByLabel('Font', { exact: true }).selectOption('Nunito');
  await editor.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByTestId('site-save-state')).toHaveText(MESSAGES.siteSaved);
  await expect(editor.getByLabel('Site name', { exact: true })).toHaveValue('Plain Form Shop');

  await page.goto(`/${seller.username}`);
  await expect(page.getByTestId('site-name')).toHaveText('Plain Form Shop');
  await expect(page.getByTestId('site-header')).toHaveCSS('background-color', rgb('#1f2937'));
  await expect(page.getByTestId('site-header')).toHaveCSS('color', rgb('#fafafa'));
  await expect(page.locator('[data-layout="user-site"]')).toHaveCSS('font-family', /Nunito/);
  await context.close();
});

test.describe('the page’s time zone', () => {
  // The browser in Auckland: the editor offers its zone.
  test.use({ timezoneId: 'Pacific/Auckland' });

  test('a seller sets it from the device, a name that is no zone is refused by its field, and the links editor reads it', async ({
    page,
  }) => {
    const seller = await freshSeller(page);
    await page.goto('/login?redirectTo=%2Fedit-page');
    await submitLogin(page, seller.username, seller.password);
    await expect(page).toHaveURL(/\/edit-page$/);
    const editor = page.getByTestId('site-editor');
    const zone = editor.getByLabel('Time zone', { exact: true });
    await expect(zone).toHaveValue('UTC');

    await zone.fill('Mars/Olympus');
    await editor.getByTestId('site-save').click();
    await expect(zone).toHaveAttribute('aria-invalid', 'true');
    await expect(zone).toHaveAccessibleDescription(/This is not a time zone/);

    await editor
      .getByRole('button', { name: 'Use this device’s time zone (Pacific/Auckland)' })
      .click();
    await expect(zone).toHaveValue('Pacific/Auckland');
    await editor.getByTestId('site-save').click();
    await expect(page.getByTestId('site-save-state')).toContainText('All changes saved');
    await expect(zone).not.toHaveAttribute('aria-invalid', 'true');

    await page.reload();
    await expect(editor.getByLabel('Time zone', { exact: true })).toHaveValue('Pacific/Auckland');
    // Its own zone now: the device button has nothing to offer.
    await expect(page.getByTestId('site-time-zone-here')).toHaveCount(0);
    const links = page.getByRole('region', { name: 'Links' });
    await links.getByRole('button', { name: 'Add a link' }).click();
    await expect(links).toContainText('In your page’s time zone, Pacific/Auckland.');
  });
});
