import type { Locator } from '@playwright/test';
import { CART_LINES, acceptCookies, expect, openCheckoutWithCart, test } from './support';
import { pressUntilFocused, signInWithKeyboard, contrast } from './keyboard-support';

// The keyboard pass, continued (see keyboard.spec.ts): a visible focus indicator in the account
// menu (2.4.7, 1.4.11), focus that goes somewhere meaningful when its element disappears, and a
// tab order that follows the layout (2.4.3).

test.describe('the account menu', () => {
  test.beforeEach(async ({ context, baseURL }) => acceptCookies(context, baseURL));

  test('outlines the highlighted item when opened from the keyboard', async ({ page }) => {
    await signInWithKeyboard(page, '/edit-profile', 'leo');
    // The menu is loaded on demand: wait for the real trigger.
    const trigger = page.getByRole('button', { name: 'Account menu for Leo Park' });
    await expect(trigger).toHaveAttribute('aria-haspopup', 'menu');
    const menu = page.getByTestId('avatar-menu');

    const expectOutlined = async (item: Locator) => {
      await expect(item).toBeFocused();
      await expect(item).toHaveAttribute('data-highlighted', '');
      const style = await item.evaluate((el) => {
        // Computed colours may be oklch(): let a canvas turn them into sRGB.
        const context = document.createElement('canvas').getContext('2d')!;
        const rgb = (css: string) => {
          context.clearRect(0, 0, 1, 1);
          context.fillStyle = css;
          context.fillRect(0, 0, 1, 1);
          return [...context.getImageData(0, 0, 1, 1).data].slice(0, 3);
        };
        const s = getComputedStyle(el);
        return {
          outlineStyle: s.outlineStyle,
          outlineWidth: parseFloat(s.outlineWidth),
          outlineColor: rgb(s.outlineColor),
          itemBackground: rgb(s.backgroundColor),
          menuBackground: rgb(getComputedStyle(el.closest('[role="menu"]')!).backgroundColor),
        };
      });
      expect(style.outlineStyle).not.toBe('none');
      expect(style.outlineWidth).toBeGreaterThanOrEqual(2);
      // Against both what is around the outline: the menu and the highlighted item's own tint.
      expect(contrast(style.outlineColor, style.menuBackground)).toBeGreaterThanOrEqual(3);
      expect(contrast(style.outlineColor, style.itemBackground)).toBeGreaterThanOrEqual(3);
    };

    for (const key of ['Enter', 'Space', 'ArrowDown']) {
      // Back from the page's heading (focused after signing in) into the header.
      await pressUntilFocused(page, trigger, 'Shift+Tab');
      await page.keyboard.press(key);
      await expect(menu).toBeVisible();
      const items = menu.getByRole('menuitem');
      await expectOutlined(items.first());
      await page.keyboard.press('ArrowDown');
      await expectOutlined(items.nth(1));
      // Only the highlighted one.
      await expect(items.first()).toHaveCSS('outline-style', 'none');
      await page.keyboard.press('Escape');
      await expect(menu).toBeHidden();
      await expect(trigger).toBeFocused();
    }
  });
});

test.describe('focus after an element goes away', () => {
  test('"OK" on the cookie notice returns focus to where it was before it', async ({ page }) => {
    await page.goto('/about');
    const accept = page.getByTestId('cookie-accept');
    const privacy = page.getByTestId('footer-privacy');
    // Backwards from the top: the notice's button is last, its link to the cookie details before
    // it, the footer's Privacy link before that.
    await pressUntilFocused(page, privacy, 'Shift+Tab', 4);
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'About our cookies' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(accept).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('cookie-notice')).toHaveCount(0);
    await expect(privacy).toBeFocused();
  });

  test('"OK" on the cookie notice reached first goes on to the main heading', async ({ page }) => {
    await page.goto('/about');
    await expect(page.getByTestId('cookie-notice')).toBeVisible();
    // From the top of the page, Shift+Tab wraps to the last control: the notice's button.
    await pressUntilFocused(page, page.getByTestId('cookie-accept'), 'Shift+Tab', 3);
    await page.keyboard.press('Space');
    await expect(page.getByTestId('cookie-notice')).toHaveCount(0);
    await expect(page.locator('#main').getByRole('heading', { level: 1 })).toBeFocused();
  });

  test('a closed modal returns focus to the button that opened it, or the heading', async ({
    page,
    context,
    baseURL,
  }) => {
    await acceptCookies(context, baseURL);
    await openCheckoutWithCart(page, [CART_LINES.mug, CART_LINES.bowl]);
    const clear = page.getByTestId('cart-clear');
    const dialog = page.getByRole('alertdialog');
    await pressUntilFocused(page, clear);

    // Escape, then Nope: back on the button.
    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(clear).toBeFocused();

    await page.keyboard.press('Enter');
    await expect(dialog.getByRole('button', { name: 'Nope' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(clear).toBeFocused();

    // Okay empties the cart: the button is gone, focus goes to the page's heading.
    await page.keyboard.press('Enter');
    await pressUntilFocused(page, dialog.getByRole('button', { name: 'Okay' }), 'Tab', 3);
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('cart-empty')).toBeVisible();
    await expect(page.locator('#main').getByRole('heading', { level: 1 })).toBeFocused();
  });
});

test.describe('tab order follows the layout', () => {
  test.beforeEach(async ({ context, baseURL }) => acceptCookies(context, baseURL));

  test('/login: Log in comes before "Forgot password?", on a phone and on a desktop', async ({
    page,
  }) => {
    for (const width of [412, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/login');
      const form = page.getByTestId('login-form');
      await pressUntilFocused(page, form.getByLabel('Password', { exact: true }));
      const sequence: { name: string; top: number; left: number }[] = [];
      for (let i = 0; i < 3; i++) {
        await page.keyboard.press('Tab');
        sequence.push(
          await page.evaluate(() => {
            const el = document.activeElement as HTMLElement;
            const box = el.getBoundingClientRect();
            return { name: el.textContent?.trim() ?? '', top: box.top, left: box.left };
          }),
        );
      }
      expect(sequence.map((s) => s.name)).toEqual(['Show', 'Log in', 'Forgot password?']);
      // Each next stop is further down, or on the same line further right (reading order).
      const [, logIn, forgot] = sequence;
      const readsAfter =
        forgot!.top > logIn!.top + 8 ||
        (Math.abs(forgot!.top - logIn!.top) <= 8 && forgot!.left > logIn!.left);
      expect(readsAfter, `at ${width}px: ${JSON.stringify(sequence)}`).toBe(true);
    }
  });
});
