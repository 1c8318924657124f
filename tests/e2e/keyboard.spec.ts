import type { Locator, Page } from '@playwright/test';
import { apiContext, ensureTags } from './catalog-support';
import {
  CART_LINES,
  DEMO_PASSWORD,
  acceptCookies,
  expect,
  openCheckoutWithCart,
  test,
} from './support';

// A keyboard pass over what axe cannot see (WCAG 2.2 AA): focus never hidden under the sticky
// header or the cookie notice (2.4.11), a visible focus indicator in the account menu (2.4.7,
// 1.4.11), focus that goes somewhere meaningful when its element disappears and a tab order that
// follows the layout (2.4.3). Runs at the suite's phone viewport (Pixel 7, 412 × 839).

interface FocusState {
  /** A short name for the focused element, for messages. */
  name: string;
  inMain: boolean;
  top: number;
  bottom: number;
  /** The sticky header's bottom edge. */
  headerBottom: number;
  /** The cookie notice's top edge while it shows. */
  noticeTop: number | null;
}

/** Where the focused element is, against the header and the cookie notice (viewport px). */
async function focusState(page: Page): Promise<FocusState> {
  return page.evaluate(() => {
    const el = document.activeElement;
    const label =
      el && el !== document.body
        ? (el.getAttribute('data-testid') ?? (el.id || el.textContent?.trim().slice(0, 30)))
        : '';
    const name = el && el !== document.body ? `${el.tagName.toLowerCase()} "${label}"` : 'body';
    const box = (el ?? document.body).getBoundingClientRect();
    const header = document.querySelector('[data-testid="site-header"]')!.getBoundingClientRect();
    const notice = document.querySelector('[data-testid="cookie-notice"]');
    return {
      name,
      inMain: !!el?.closest('#main'),
      top: box.top,
      bottom: box.bottom,
      headerBottom: header.bottom,
      noticeTop: notice ? notice.getBoundingClientRect().top : null,
    };
  });
}

async function focusedName(page: Page): Promise<string> {
  return (await focusState(page)).name;
}

/** Presses `key` until `target` has focus (at most `max` times), as a keyboard user would. */
async function pressUntilFocused(page: Page, target: Locator, key = 'Tab', max = 60) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press(key);
  }
  await expect(target, `reached with ${key} within ${max} presses`).toBeFocused();
}

/**
 * '' when nothing the page draws covers the focused element (in the main content): it is entirely
 * below the sticky header's bottom edge and, while the cookie notice shows, above its top edge.
 * Else what covers it and by how much. (A text field taller than the space left is scrolled to
 * show its caret, as browsers do; the viewport's own edges are no obstruction.)
 */
async function obscured(page: Page): Promise<string> {
  const f = await focusState(page);
  if (!f.inMain) return `focus left the main content: ${f.name}`;
  const problems: string[] = [];
  if (f.top < f.headerBottom) {
    problems.push(`its top (${f.top}px) is under the header (bottom ${f.headerBottom}px)`);
  }
  if (f.noticeTop !== null && f.bottom > f.noticeTop) {
    problems.push(`its bottom (${f.bottom}px) is under the cookie notice (top ${f.noticeTop}px)`);
  }
  return problems.length ? `${f.name}: ${problems.join('; ')}` : '';
}

async function expectFocusUnobscured(page: Page) {
  await expect.poll(() => obscured(page), { message: 'focused element fully visible' }).toBe('');
}

/**
 * Tabs forward from the current focus to `last`, then back with Shift+Tab to `first`, checking at
 * each step that the focused element is not covered; returns the names of the elements visited.
 */
async function walkForwardAndBack(page: Page, first: Locator, last: Locator): Promise<string[]> {
  const seen: string[] = [];
  for (const [key, target] of [
    ['Tab', last],
    ['Shift+Tab', first],
  ] as const) {
    for (let i = 0; i < 60; i++) {
      await page.keyboard.press(key);
      seen.push(await focusedName(page));
      await expectFocusUnobscured(page);
      if (await target.evaluate((el) => el === document.activeElement)) break;
    }
    await expect(target).toBeFocused();
  }
  return seen;
}

/** Keyboard sign-in on /login?redirectTo=…: type, then Enter in the password field. */
async function signInWithKeyboard(page: Page, redirectTo: string, login: string) {
  await page.goto(`/login?redirectTo=${encodeURIComponent(redirectTo)}`);
  const form = page.getByTestId('login-form');
  await pressUntilFocused(page, form.getByLabel('Email or username'));
  await page.keyboard.type(login);
  await page.keyboard.press('Tab');
  await expect(form.getByLabel('Password', { exact: true })).toBeFocused();
  await page.keyboard.type(DEMO_PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`${redirectTo}$`));
}

/** WCAG contrast ratio of two sRGB colours given as [r, g, b] (0–255). */
function contrast(a: readonly number[], b: readonly number[]): number {
  const luminance = ([r, g, bl]: readonly number[]) => {
    const [R, G, B] = [r!, g!, bl!].map((v) => {
      const c = v / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * R! + 0.7152 * G! + 0.0722 * B!;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

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
      form.getByRole('button', { name: 'Create account' }),
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
      await walkForwardAndBack(
        page,
        username,
        form.getByRole('button', { name: 'Create account' }),
      );
    });
  }

  test('the registration form with the cookie notice showing', async ({ page }) => {
    await page.goto('/login?action=register');
    await expect(page.getByTestId('cookie-notice')).toBeVisible();
    const form = page.getByTestId('register-form');
    const username = form.getByLabel('Username');
    await pressUntilFocused(page, username);
    await expectFocusUnobscured(page);
    await walkForwardAndBack(page, username, form.getByRole('button', { name: 'Create account' }));
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
  test('"Allow cookies" returns focus to where it was before the notice', async ({ page }) => {
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

  test('"Allow cookies" reached first goes on to the main heading', async ({ page }) => {
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
