import { expect, test } from './support';

const COOKIE_TEXT = 'This website needs cookies to function so please allow them :)';

test.describe('page shell', () => {
  test('the home page is rendered on the server (works without JavaScript)', async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByTestId('landing-signup')).toHaveAttribute(
      'href',
      '/login?action=register',
    );
    await expect(page.getByTestId('landing-signin')).toHaveAttribute('href', '/login');
    await expect(page.getByTestId('copyright')).toContainText(String(new Date().getFullYear()));
    await context.close();
  });

  test('pages hydrate under the Content-Security-Policy without violations', async ({ page }) => {
    const problems: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() === 'error') problems.push(msg.text());
    });
    page.on('pageerror', (err) => problems.push(err.message));
    const response = await page.goto('/about');
    const csp = response?.headers()['content-security-policy'] ?? '';
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
    // Interactivity proves the scripts ran: the menu button only works once hydrated.
    await page.getByTestId('side-menu-button').click();
    await expect(page.getByTestId('side-menu')).toBeVisible();
    expect(problems).toEqual([]);
  });

  test('the side menu opens, and closes on navigation', async ({ page }) => {
    await page.goto('/about');
    const button = page.getByTestId('side-menu-button');
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await button.click();
    const menu = page.getByTestId('side-menu');
    await expect(menu).toBeVisible();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    // Signed out: Marketplace, Pricing, Log in and Sign up (issue 24), no member entries.
    await expect(menu.getByRole('link', { name: 'Log in', exact: true })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Sign up', exact: true })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'My Posts' })).toHaveCount(0);
    await menu.getByRole('link', { name: 'Sign up', exact: true }).click();
    await expect(page).toHaveURL(/\/login\?action=register/);
    await expect(menu).toBeHidden();
    await expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  test('the side menu closes with Escape and returns focus to its button', async ({ page }) => {
    await page.goto('/about');
    const button = page.getByTestId('side-menu-button');
    await button.click();
    await expect(page.getByTestId('side-menu')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('side-menu')).toBeHidden();
    await expect(button).toBeFocused();
  });

  test('dismissing the cookie notice persists across reloads and server renders', async ({
    page,
  }) => {
    await page.goto('/about');
    const notice = page.getByTestId('cookie-notice');
    await expect(notice).toContainText(COOKIE_TEXT);
    await page.getByTestId('cookie-accept').click();
    await expect(notice).toBeHidden();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByTestId('cookie-notice')).toHaveCount(0);
    // The server itself no longer renders it (consent cookie).
    const html = await (await page.request.get('/about')).text();
    expect(html).not.toContain(COOKIE_TEXT);
  });

  test('unknown paths answer 404 with the not-found page and a link home', async ({ page }) => {
    const response = await page.goto('/this/path/does/not/exist');
    expect(response?.status()).toBe(404);
    await expect(page.getByTestId('error-message')).toHaveText('This page could not be found');
    await page.getByTestId('error-home-link').click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('an unknown username answers 404', async ({ page }) => {
    const response = await page.goto('/no-such-seller-here');
    expect(response?.status()).toBe(404);
    await expect(page.getByTestId('error-page')).toBeVisible();
  });

  test('signed-in pages redirect to /login remembering the page', async ({ page }) => {
    await page.goto('/edit-profile');
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fedit-profile/);
  });
});
