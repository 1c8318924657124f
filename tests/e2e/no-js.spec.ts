import type { Browser } from '@playwright/test';
import { MESSAGES } from '../../src/shared/messages';
import { DEMO_PASSWORD, acceptCookies, expect, submitLogin, test } from './support';

// DESIGN: public pages work without JavaScript. The account forms post to their route's action,
// which calls the API in-process and redirects (with the session cookies) or re-renders inline.

async function noJsPage(browser: Browser, baseURL: string | undefined) {
  // browser.newContext() takes the test's options (baseURL, this test's X-Forwarded-For).
  const context = await browser.newContext({ javaScriptEnabled: false });
  await acceptCookies(context, baseURL);
  return { context, page: await context.newPage() };
}

test('log in, fail and sign out through the plain forms', async ({ browser, baseURL }) => {
  const { context, page } = await noJsPage(browser, baseURL);

  await test.step('a wrong password shows the server message inline, login kept', async () => {
    await page.goto('/login');
    await submitLogin(page, 'leo', 'not-the-password');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByTestId('login-error')).toHaveText(
      'The email/username or password is incorrect.',
    );
    await expect(page.getByRole('alert').first()).toBeVisible();
    const form = page.getByTestId('login-form');
    await expect(form.getByLabel('Email or username')).toHaveValue('leo');
    await expect(form.getByLabel('Password', { exact: true })).toHaveValue('');
  });

  await test.step('the right password lands on /edit-profile, signed in', async () => {
    await submitLogin(page, 'leo', DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/edit-profile$/);
    await expect(page.getByTestId('avatar-menu-button').first()).toHaveAccessibleName(
      'Account menu for Leo Park',
    );
    const cookies = await context.cookies();
    expect(cookies.map((c) => c.name)).toEqual(expect.arrayContaining(['token', 'refreshToken']));
  });

  await test.step('a form only script sends cannot be sent before it runs', async () => {
    // Sent by the browser itself, it would be a GET of /edit-profile with every field in the
    // address (the passwords with them): its button stays disabled until the page hydrates,
    // which also turns off Enter (implicit submission needs an enabled default button).
    const passwords = page.getByTestId('change-password-form');
    await passwords.getByLabel('Current password').fill(DEMO_PASSWORD);
    await expect(passwords.getByTestId('change-password-submit')).toBeDisabled();
    await expect(page.getByTestId('profile-save')).toBeDisabled();
  });

  await test.step('a cross-site sign-out post is refused', async () => {
    const res = await context.request.post('/logout', {
      headers: { origin: 'https://evil.example' },
      form: {},
      maxRedirects: 0,
    });
    // React Router refuses it (400) before the action; the API's own Origin check (403) backs it.
    expect([400, 403]).toContain(res.status());
    await page.goto('/edit-profile');
    await expect(page).toHaveURL(/\/edit-profile$/);
    await expect(page.getByTestId('avatar-menu-button').first()).toBeVisible();
  });

  await test.step('the /logout form signs out and goes home', async () => {
    await page.goto('/logout');
    await page.getByTestId('logout-form').getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('landing-signin')).toBeVisible();
    await expect(page.getByTestId('avatar-menu-button')).toHaveCount(0);
    expect((await context.cookies()).filter((c) => c.value !== '').map((c) => c.name)).toEqual([
      'cookieConsent',
    ]);
    await page.goto('/edit-profile');
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fedit-profile$/);
  });

  await context.close();
});

test('a plain log-in post keeps redirectTo', async ({ browser, baseURL }) => {
  const { context, page } = await noJsPage(browser, baseURL);
  await page.goto('/sales');
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fsales$/);
  await submitLogin(page, 'leo@demo.storefront.test', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/sales$/);
  await expect(page.getByTestId('sales-page')).toBeVisible();
  await context.close();
});

test('registration works without JavaScript', async ({ browser, baseURL }) => {
  const { context, page } = await noJsPage(browser, baseURL);
  const username = `nojs${Date.now().toString(36)}`;
  await page.goto('/login?action=register');
  const form = page.getByTestId('register-form');

  // A taken username: the server's message inline, the values kept (never the password).
  await form.getByLabel('Username').fill('leo');
  await form.getByLabel('Display name').fill('No Script');
  await form.getByLabel('Email address').fill(`${username}@example.test`);
  await form.getByLabel('Password', { exact: true }).fill('no script pass 123');
  await form.getByRole('radio', { name: /^Seller/ }).check();
  await form.getByRole('button', { name: 'Sign up' }).click();
  await expect(page).toHaveURL(/\/login\?action=register$/);
  await expect(page.getByTestId('register-error')).toContainText('already taken');
  await expect(page.getByTestId('register-username-error')).toContainText('already taken');
  await expect(form.getByLabel('Display name')).toHaveValue('No Script');
  await expect(form.getByLabel('Password', { exact: true })).toHaveValue('');
  await expect(form.getByRole('radio', { name: /^Seller/ })).toBeChecked();

  await form.getByLabel('Username').fill(username);
  await form.getByLabel('Password', { exact: true }).fill('no script pass 123');
  await form.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByTestId('register-success')).toContainText(MESSAGES.registrationSuccess);
  await context.close();
});
