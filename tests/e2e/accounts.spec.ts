import sharp from 'sharp';
import { accountsApi } from '../../src/shared/api/accounts';
import { MESSAGES } from '../../src/shared/messages';
import { pageRuns } from './keyboard-support';
import {
  DEMO_PASSWORD,
  acceptCookies,
  apiClient,
  expect,
  modal,
  okayModal,
  submitLogin,
  test,
  waitForLink,
} from './support';

// Registration is rate limited to 5 an hour per address: every test has its own address
// (support.ts), this file registers two accounts, the other flows sign in as the seeded demo users.

const WRONG_CREDENTIALS = 'The email/username or password is incorrect.';
const COMMON_PASSWORD_TEXT = 'This password is one of the most common';

test.beforeEach(async ({ context, baseURL }) => acceptCookies(context, baseURL));

test('register → activate → log in → edit profile with a photo → log out → reset password → log in', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const username = `e2e${Date.now().toString(36)}`;
  const email = `${username}@example.test`;
  const firstPassword = 'first pass 123';
  const newPassword = 'second pass 456';

  await test.step('register through the form', async () => {
    await page.goto('/login?action=register');
    const form = page.getByTestId('register-form');
    await form.getByLabel('Username').fill(username);
    await expect(page.getByTestId('register-page-url')).toHaveText(`${baseURL}/${username}`);
    await form.getByLabel('Display name').fill('Robin Tester');
    await form.getByLabel('Email address').fill(email);
    await form.getByLabel('Password', { exact: true }).fill(firstPassword);
    await form.getByRole('button', { name: 'Show password' }).click();
    await expect(form.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text');
    await form.getByRole('radio', { name: /^Seller/ }).check();
    await form.getByRole('button', { name: 'Sign up' }).click();
    await okayModal(page, MESSAGES.registrationSuccess);
    await expect(page).toHaveURL(/\/login$/);
  });

  await test.step('open the emailed activation link', async () => {
    const link = await waitForLink(email, /\/users\/activate-account\?token=/);
    await page.goto(link);
    await expect(page.getByTestId('activation-success')).toContainText(MESSAGES.accountActivated);
    // ACTIVATION_REDIRECT_MS (3 s) later the page moves on to /login by itself.
    await expect(page).toHaveURL(/\/login$/, { timeout: 8_000 });
  });

  await test.step('log in (by username) and land on /edit-profile', async () => {
    await submitLogin(page, username, firstPassword);
    await expect(page).toHaveURL(/\/edit-profile$/);
    await expect(page.getByTestId('avatar-menu-button').first()).toBeVisible();
    await expect(page.getByTestId('login-link')).toHaveCount(0);
    // Auth state is persisted (SPEC §3), without the tokens (they live in cookies only).
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('auth') ?? ''))
      .toContain(`"username":"${username}"`);
    const stored = await page.evaluate(() => localStorage.getItem('auth') ?? '');
    expect(stored).not.toMatch(/"(token|refreshToken)"/);
  });

  await test.step('edit name, bio, interests and upload a photo', async () => {
    const form = page.getByTestId('profile-form');
    await form.getByLabel('Name', { exact: true }).fill('Robin E2E');
    await form.getByLabel('Bio', { exact: true }).fill('Potter & <b>collector</b>');
    await expect(page.getByTestId('bio-counter')).toHaveText('475 characters left');
    await form.getByLabel('Link', { exact: true }).fill('https://example.com/robin');
    const tags = form.getByLabel('Interests', { exact: true });
    await tags.fill('ceramics');
    await tags.press('Enter');
    await tags.fill('vintage,');
    await expect(form.getByTestId('tag-chip')).toHaveText(['ceramics', 'vintage']);

    const png = await sharp({
      create: { width: 240, height: 240, channels: 3, background: '#0e7490' },
    })
      .png()
      .toBuffer();
    await page
      .getByTestId('avatar-input')
      .setInputFiles({ name: 'avatar.png', mimeType: 'image/png', buffer: png });
    await expect(page.getByTestId('avatar-preview')).toHaveAttribute('src', /^blob:/);

    await form.getByRole('button', { name: 'Save profile' }).click();
    await expect(modal(page)).toContainText(MESSAGES.profileSaved);
    await expect(page.getByTestId('avatar-progress')).toHaveAttribute('value', '100');
    await expect(page.getByTestId('avatar-upload')).toContainText('Photo uploaded.');
    await okayModal(page, MESSAGES.profileSaved);

    // The header's avatar menu shows the new photo and name.
    const avatar = page.getByTestId('avatar-menu-button').first();
    await expect(avatar).toHaveAccessibleName('Account menu for Robin E2E');
    await expect(avatar.locator('img')).toHaveAttribute('src', /\/media\/avatars\/.+\.webp/);
    await expect(page.getByTestId('avatar-current')).toHaveAttribute('src', /\/media\/avatars\//);
  });

  await test.step('the public profile shows it, as text', async () => {
    await page.getByTestId('profile-public-link').click();
    await expect(page).toHaveURL(/\/users\/[0-9a-f-]{36}$/);
    const profile = page.getByTestId('public-profile');
    await expect(profile.getByRole('heading', { level: 1 })).toHaveText('Robin E2E');
    await expect(page.getByTestId('public-profile-bio')).toHaveText('Potter & <b>collector</b>');
    await expect(page.getByTestId('public-profile-link')).toHaveAttribute(
      'rel',
      /nofollow ugc noopener/,
    );
    await expect(page.getByTestId('public-profile-avatar')).toBeVisible();
    await expect(page.getByTestId('public-profile-page')).toHaveAttribute('href', `/${username}`);
  });

  await test.step('log out from the side menu', async () => {
    await page.getByTestId('side-menu-button').click();
    await page.getByTestId('side-menu').getByTestId('menu-sign-out').click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('landing-signin')).toBeVisible();
    const auth = await page.evaluate(() => localStorage.getItem('auth'));
    expect(auth === null || JSON.parse(auth).state.user === null).toBe(true);
    await page.goto('/edit-profile');
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fedit-profile$/);
  });

  await test.step('reset the password through the emailed link', async () => {
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/reset-password$/);
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByTestId('reset-link-sent')).toContainText(MESSAGES.passwordResetLinkSent);
    const link = await waitForLink(email, /\/password-reset\/[^/?#]+$/);
    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Repeat the new password').fill(newPassword);
    await page.getByRole('button', { name: 'Save new password' }).click();
    await okayModal(page, MESSAGES.passwordUpdated);
    await expect(page).toHaveURL(/\/login$/);
  });

  await test.step('the old password fails, the new one works', async () => {
    await submitLogin(page, email, firstPassword);
    await okayModal(page, WRONG_CREDENTIALS);
    await expect(page).toHaveURL(/\/login$/);
    await submitLogin(page, email, newPassword);
    await expect(page).toHaveURL(/\/edit-profile$/);
    await expect(page.getByTestId('avatar-menu-button').first()).toBeVisible();
  });
});

test('registration answers each problem once, beside its field, and clears it once fixed', async ({
  page,
}) => {
  const username = `e2w${Date.now().toString(36)}`;
  await page.goto('/login?action=register');
  const form = page.getByTestId('register-form');
  const email = form.getByLabel('Email address');
  const password = form.getByLabel('Password', { exact: true });
  await form.getByLabel('Username').fill(username);
  await form.getByLabel('Display name').fill('Weak Password');
  await email.fill('not-an-email');
  await password.fill('password1234');
  await form.getByRole('button', { name: 'Sign up' }).click();
  // The browser's check: the email, under its field, focused; no modal.
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(email).toBeFocused();
  await email.fill(`${username}@example.test`);
  await expect(email).not.toHaveAttribute('aria-invalid', 'true');

  // The server's check (a leaked password): under the field, said once, with no field-name prefix.
  await form.getByRole('button', { name: 'Sign up' }).click();
  await expect(password).toHaveAttribute('aria-invalid', 'true');
  await expect(form).toContainText(COMMON_PASSWORD_TEXT);
  await expect(form).not.toContainText('password:');
  await expect(modal(page)).toHaveCount(0);
  await password.fill('three unrelated words 42');
  await expect(password).not.toHaveAttribute('aria-invalid', 'true');
  await expect(form).not.toContainText(COMMON_PASSWORD_TEXT);
});

test('a guarded page sends visitors to log in and back again', async ({ page }) => {
  await page.goto('/sales');
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fsales$/);
  await submitLogin(page, 'maya@demo.storefront.test', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/sales$/);
  await expect(page.getByTestId('sales-page')).toBeVisible();
  await expect(page.getByTestId('avatar-menu-button').first()).toBeVisible();
  // A member's side menu: the SPEC §2 entries, no admin entries.
  await page.getByTestId('side-menu-button').click();
  const menu = page.getByTestId('side-menu');
  await expect(menu.getByTestId('menu-profile')).toContainText('maya@demo.storefront.test');
  for (const entry of [
    'My Posts',
    'Edit Page',
    'Sales',
    'Purchases',
    'Following',
    'Feed',
    'Favorites',
    'Comments',
  ]) {
    await expect(menu.getByRole('link', { name: entry, exact: true })).toBeVisible();
  }
  await expect(menu.getByTestId('menu-admin-users')).toHaveCount(0);
  await page.keyboard.press('Escape');
  // Signed in, /login itself moves on to the profile.
  await page.goto('/login');
  await expect(page).toHaveURL(/\/edit-profile$/);

  // Signing out from the avatar menu (loaded on demand: wait for the real menu trigger).
  const avatar = page.getByRole('button', { name: 'Account menu for Maya Chen' });
  await expect(avatar).toHaveAttribute('aria-haspopup', 'menu');
  await avatar.click();
  await page.getByTestId('avatar-menu').getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('landing-signin')).toBeVisible();
  await page.goto('/sales');
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fsales$/);
});

test('admins see the admin entries in the side menu and reach the admin pages', async ({
  page,
}) => {
  await page.goto('/login?redirectTo=%2Fusers');
  await submitLogin(page, 'admin@example.com', 'admin-pass-123');
  await expect(page).toHaveURL(/\/users$/);
  await page.getByTestId('side-menu-button').click();
  const menu = page.getByTestId('side-menu');
  await expect(menu.getByTestId('menu-admin-products')).toHaveAttribute('href', '/admin-products');
  await expect(menu.getByTestId('menu-admin-users')).toHaveAttribute('href', '/users');
  await expect(menu.getByTestId('menu-admin-tags')).toHaveAttribute('href', '/add-tags');
  await menu.getByTestId('menu-admin-tags').click();
  await expect(page).toHaveURL(/\/add-tags$/);
  await expect(menu).toBeHidden();
});

test('an expired session shows the modal and goes to log in', async ({
  page,
  context,
  baseURL,
}) => {
  await page.goto('/login');
  await submitLogin(page, 'leo', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/edit-profile$/);

  // The access token is gone and the refresh token no longer works.
  await context.clearCookies({ name: 'token' });
  await context.addCookies([
    { name: 'refreshToken', value: 'bogus-refresh-token', url: baseURL!, httpOnly: true },
  ]);
  await page
    .getByTestId('profile-form')
    .getByLabel('Bio', { exact: true })
    .fill('Changed while signed out');
  await page.getByRole('button', { name: 'Save profile' }).click();

  await okayModal(page, MESSAGES.sessionExpired);
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fedit-profile$/);
  // No second modal (the save's own error) follows, and the header is signed out.
  await expect(modal(page)).toHaveCount(0);
  await expect(page.getByTestId('login-link')).toBeVisible();
});

test('a not-activated account is offered a new activation email', async ({ page, request }) => {
  const username = `e2e${Date.now().toString(36)}n`;
  const email = `${username}@example.test`;
  await apiClient(request).call(accountsApi.register, {
    body: { username, name: 'Not Yet', email, password: 'waiting 1234', accountType: 'buyer' },
  });

  await page.goto('/login');
  await submitLogin(page, email, 'waiting 1234');
  const notice = page.getByTestId('not-activated');
  await expect(notice).toContainText('not activated');
  await expect(notice.getByLabel('Email address')).toHaveValue(email);
  await notice.getByRole('button', { name: 'Re-send activation email' }).click();
  await okayModal(page, /new activation email will arrive/);
  await expect(page).toHaveURL(/\/login$/);
});

test('activation runs on the server: the link works without JavaScript', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/users/activate-account?token=spent-or-bogus');
  await expect(page.getByTestId('activation-error').getByRole('alert')).toContainText(
    'This activation link is invalid',
  );
  await context.close();
});

test('a bad activation link explains itself and offers a new email', async ({ page }) => {
  await page.goto('/users/activate-account?token=not-a-real-token');
  const box = page.getByTestId('activation-error');
  await expect(box.getByRole('alert')).toContainText('This activation link is invalid');
  await box.getByLabel('Email address').fill('nobody@example.test');
  await box.getByRole('button', { name: 'Re-send activation email' }).click();
  await okayModal(page, /new activation email will arrive/);
});

test('an unknown member id is a 404', async ({ page }) => {
  const response = await page.goto('/users/00000000-0000-4000-8000-000000000000');
  expect(response?.status()).toBe(404);
  await expect(page.getByTestId('error-message')).toHaveText(MESSAGES.pageNotFound);
});

test('what is typed before the page’s script runs is kept: a slow phone logs in and signs up without typing twice', async ({
  page,
}) => {
  // The page's script held back, as on a slow connection: the server's form is typed into first.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/entry\.client-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/login?action=register', { waitUntil: 'domcontentloaded' });
  const register = page.getByTestId('register-form');
  await register.getByLabel('Username').fill('slowphone');
  await register.getByLabel('Email address').fill('slow@example.test');
  release();
  await pageRuns(page);
  await expect(register.getByLabel('Username')).toHaveValue('slowphone');
  await expect(register.getByLabel('Email address')).toHaveValue('slow@example.test');
  // The page runs now: its live address preview follows what was typed.
  await expect(page.getByTestId('register-page-url')).toHaveText(/\/slowphone$/);

  await page.unroute(/\/assets\/entry\.client-[^/]+\.js$/);
  let releaseLogin!: () => void;
  const heldLogin = new Promise<void>((resolve) => (releaseLogin = resolve));
  await page.context().clearCookies();
  const fresh = await page.context().newPage();
  await fresh.route(/\/assets\/entry\.client-[^/]+\.js$/, async (route) => {
    await heldLogin;
    await route.continue();
  });
  await fresh.goto('/login', { waitUntil: 'domcontentloaded' });
  const login = fresh.getByTestId('login-form');
  await login.getByLabel('Email or username').fill('sam');
  await login.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  releaseLogin();
  await pageRuns(fresh);
  await login.getByRole('button', { name: 'Log in' }).click();
  await expect(fresh).not.toHaveURL(/\/login/);
  await fresh.close();
});
