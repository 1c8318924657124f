import { DEMO_PASSWORD, acceptCookies, expect, submitLogin, test } from './support';

// Security review: a /logout opened from another site (a link) must not sign the visitor out by
// itself. The app's own sign-out links stay one step (accounts.spec.ts); the plain form without
// JavaScript is in no-js.spec.ts.

const ELSEWHERE = 'https://elsewhere.example/';

test.beforeEach(async ({ context, baseURL }) => acceptCookies(context, baseURL));

test('/logout linked from another site asks first, and signs out only when confirmed', async ({
  page,
  baseURL,
}) => {
  await page.goto('/login');
  await submitLogin(page, 'sam', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/edit-profile$/);

  // Another site with a link to our /logout (served by the test, a real cross-site navigation).
  await page.route(ELSEWHERE, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><title>Elsewhere</title><a href="${baseURL}/logout">Win a prize</a>`,
    }),
  );
  const openFromElsewhere = async () => {
    await page.goto(ELSEWHERE);
    await page.getByRole('link', { name: 'Win a prize' }).click();
    await expect(page).toHaveURL(/\/logout$/);
  };

  await test.step('the link shows a confirmation, still signed in', async () => {
    await openFromElsewhere();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign out of Storefront?');
    const confirm = page.getByTestId('logout-form').getByRole('button', { name: 'Sign out' });
    await expect(confirm).toBeVisible();
    await expect(page.getByTestId('avatar-menu-button').first()).toBeVisible();
    // Nothing happens by itself: the session still opens a signed-in page.
    await page.goto('/edit-profile');
    await expect(page).toHaveURL(/\/edit-profile$/);
  });

  await test.step('"Stay signed in" goes home, signed in', async () => {
    await openFromElsewhere();
    await page.getByRole('link', { name: 'Stay signed in' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('avatar-menu-button').first()).toBeVisible();
    await expect(page.getByTestId('landing-signin')).toHaveCount(0);
  });

  await test.step('confirming signs out and goes home', async () => {
    await openFromElsewhere();
    await page.getByTestId('logout-form').getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('landing-signin')).toBeVisible();
    await page.goto('/edit-profile');
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fedit-profile$/);
  });
});

test('/logout typed in or reloaded asks too', async ({ page }) => {
  await page.goto('/login');
  await submitLogin(page, 'leo', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/edit-profile$/);
  await page.goto('/logout');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign out of Storefront?');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign out of Storefront?');
  await page.goto('/edit-profile');
  await expect(page).toHaveURL(/\/edit-profile$/);
});
