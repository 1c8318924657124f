import type { Locator } from '@playwright/test';
import { apiContext, ensureTags } from './catalog-support';
import { acceptCookies, expect, test } from './support';

// A keyboard pass over what axe cannot see (WCAG 2.2 AA): focus never hidden under the sticky
// header or the cookie notice (2.4.11), a visible focus indicator in the account menu (2.4.7,
// 1.4.11), focus that goes somewhere meaningful when its element disappears and a tab order that
// follows the layout (2.4.3). Runs at the suite's phone viewport (Pixel 7, 412 × 839).
import {
  pressUntilFocused,
  expectFocusUnobscured,
  walkForwardAndBack,
  signInWithKeyboard,
} from './keyboard-support';

test.describe('focus is never hidden behind the sticky header or the cookie notice', () => {
  test('the registration form, tabbing down and back up (cookies accepted)', async ({
    page,
    context,
    baseURL,
  }) => {
    await acceptCookies(context, baseURL);
    await page.goto('/login?action=register');
    const form = page.getByTestId('register-form');
    const username = form.getByLabel('Username');
    await pressUntilFocused(page, username);
    await expectFocusUnobscured(page);
    const seen = await walkForwardAndBack(
      page,
      username,
      form.getByRole('button', { name: 'Sign up' }),
    );
    expect(seen).toContain('input "register-name"');
  });

  for (const width of [320, 1280]) {
    test(`the registration form at ${width}px wide, with the cookie notice`, async ({ page }) => {
      await page.setViewportSize({ width, height: 720 });
      await page.goto('/login?action=register');
      await expect(page.getByTestId('cookie-notice')).toBeVisible();
      const form = page.getByTestId('register-form');
      const username = form.getByLabel('Username');
      await pressUntilFocused(page, username);
      await expectFocusUnobscured(page);
      await walkForwardAndBack(page, username, form.getByRole('button', { name: 'Sign up' }));
    });
  }

  test('the registration form with the cookie notice showing', async ({ page }) => {
    await page.goto('/login?action=register');
    await expect(page.getByTestId('cookie-notice')).toBeVisible();
    const form = page.getByTestId('register-form');
    const username = form.getByLabel('Username');
    await pressUntilFocused(page, username);
    await expectFocusUnobscured(page);
    await walkForwardAndBack(page, username, form.getByRole('button', { name: 'Sign up' }));
  });

  test("signing in focuses the new page's heading; /edit-profile tabs clear of the header", async ({
    page,
    context,
    baseURL,
  }) => {
    await acceptCookies(context, baseURL);
    await signInWithKeyboard(page, '/edit-profile', 'maya');
    // Focus moved to the destination's heading, not the page body.
    await expect(page.getByRole('heading', { level: 1, name: 'Edit profile' })).toBeFocused();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

    const seen = await walkForwardAndBack(
      page,
      page.getByTestId('profile-form').getByLabel('Name', { exact: true }),
      page.getByTestId('profile-public-link'),
    );
    expect(seen).toContain('a "profile-page-link"');
    expect(seen).toContain('a "profile-public-link"');
  });
});

test.describe('the header tag strip', () => {
  test.beforeEach(async ({ context, baseURL }) => acceptCookies(context, baseURL));
  // The strip lists GET /tags: enough of them to overflow a phone's width.
  test.beforeEach(async ({ playwright, baseURL }) => {
    const request = await apiContext(playwright, baseURL);
    await ensureTags(request);
    await request.dispose();
  });

  test('scrolls each focused tag into its visible box, both ways', async ({ page }) => {
    await page.goto('/about');
    const strip = page.getByTestId('tag-list').getByRole('list');
    const tags = strip.getByRole('link');
    const count = await tags.count();
    expect(count).toBeGreaterThan(3);
    // The strip is narrower than its tags on a phone: otherwise there is nothing to test.
    expect(await strip.evaluate((ul) => ul.scrollWidth > ul.clientWidth)).toBe(true);

    const outside = (tag: Locator) =>
      tag.evaluate((a) => {
        const box = a.getBoundingClientRect();
        const visible = a.closest('ul')!.getBoundingClientRect();
        return box.left < visible.left || box.right > visible.right
          ? `${a.textContent}: ${box.left}–${box.right}px, strip shows ${visible.left}–${visible.right}px`
          : '';
      });

    await pressUntilFocused(page, tags.first());
    const order = [...Array(count).keys()];
    for (const [key, indexes] of [
      ['Tab', order],
      ['Shift+Tab', [...order].reverse()],
    ] as const) {
      for (const [step, i] of indexes.entries()) {
        if (step > 0) await page.keyboard.press(key);
        await expect(tags.nth(i)).toBeFocused();
        await expect.poll(() => outside(tags.nth(i)), { message: 'tag in view' }).toBe('');
      }
    }
  });
});

test.describe('the sticky header', () => {
  test.beforeEach(async ({ context, baseURL }) => acceptCookies(context, baseURL));
  test.beforeEach(async ({ playwright, baseURL }) => {
    const request = await apiContext(playwright, baseURL);
    await ensureTags(request);
    await request.dispose();
  });

  test('tabbing back up into its tags leaves the page where it is', async ({ page }) => {
    await page.goto('/about');
    const strip = page.getByTestId('tag-list');
    const inStrip = () =>
      page.evaluate(() => !!document.activeElement?.closest('[data-testid="tag-list"]'));
    const scrollY = () => page.evaluate(() => Math.round(window.scrollY));

    // From the footer, back up through the page until focus enters the tag strip.
    await pressUntilFocused(page, page.getByTestId('footer-privacy'), 'Shift+Tab', 3);
    let before = 0;
    for (let i = 0; i < 60 && !(await inStrip()); i++) {
      before = await scrollY();
      await page.keyboard.press('Shift+Tab');
    }
    expect(await inStrip()).toBe(true);
    // The page had been scrolled (the main content's first link is far down): it stays so.
    expect(before).toBeGreaterThan(0);
    const tags = strip.getByRole('link');
    for (let i = (await tags.count()) - 1; i >= 0; i--) {
      await expect(tags.nth(i)).toBeFocused();
      expect(await scrollY(), `scroll position with ${await tags.nth(i).textContent()}`).toBe(
        before,
      );
      if (i > 0) await page.keyboard.press('Shift+Tab');
    }
  });
});
