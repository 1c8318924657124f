import type { Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { MAYA, apiContext, apiLogin, createPost } from './catalog-support';
import { addToCart, paidOrder, sellerAndBuyer, signedIn } from './commerce-support';
import { pressUntilFocused } from './keyboard-support';
import { postsOf } from './site-support';
import { DEMO_PASSWORD, acceptCookies, expect, test } from './support';

// Issue 24 point 10: a post's photo strip takes keyboard focus, product-card title links show a
// focus ring, opening a sale lands focus on it, the phone header's tab order reads as it looks,
// and /checkout reflows at 320 px.

test.beforeEach(async ({ context, baseURL }) => acceptCookies(context, baseURL));

/** Where the focused element is, and what it is called. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement;
    const box = el.getBoundingClientRect();
    const name = el.getAttribute('aria-label') || el.textContent?.trim() || el.id || el.tagName;
    return { name, id: el.id, top: Math.round(box.top), left: Math.round(box.left) };
  });

test('a post with several photos: the strip is a named, focusable region; axe finds nothing', async ({
  page,
}) => {
  const post = (await postsOf(page.request, 'maya')).find((p) => p.medias.length > 1);
  expect(post, 'a demo post with more than one photo').toBeTruthy();
  for (const path of [`/maya/${post!._id}`, `/products/${post!._id}`]) {
    await page.goto(path);
    const strip = page.getByRole('region', { name: /^Photo strip/ });
    await expect(strip).toHaveAttribute('tabindex', '0');
    await pressUntilFocused(page, strip);
    await expectAccessible(page, `${path}: the photo strip`);
  }
});

test('product-card title links show a focus ring when reached by keyboard', async ({ page }) => {
  for (const path of ['/all-posts', '/maya']) {
    await page.goto(path);
    const link = page.getByTestId('product-card').first().getByRole('heading').getByRole('link');
    await pressUntilFocused(page, link);
    const ring = await link.evaluate((el) => {
      const s = getComputedStyle(el);
      return { style: s.outlineStyle, width: parseFloat(s.outlineWidth), shadow: s.boxShadow };
    });
    expect(
      (ring.style !== 'none' && ring.width >= 2) || ring.shadow !== 'none',
      `${path}: ${JSON.stringify(ring)}`,
    ).toBe(true);
  }
});

test('opening a sale from /sales puts focus on the sale, not the page body', async ({
  browser,
  playwright,
  baseURL,
}) => {
  const api = await apiContext(playwright, baseURL);
  const { seller, post, buyer } = await sellerAndBuyer(
    api,
    { title: `Focus jug ${Date.now().toString(36)}`, price: 15, stock: 2 },
    'Robin Buyer',
  );
  await paidOrder(api, buyer.token, [{ postId: post._id }]);
  const shop = await signedIn(browser, baseURL, { email: seller.email, password: DEMO_PASSWORD });
  try {
    await shop.page.goto('/sales');
    await shop.page.waitForLoadState('networkidle');
    const link = shop.page.getByTestId('sale-link').first();
    await pressUntilFocused(shop.page, link);
    await shop.page.keyboard.press('Enter');
    await expect(shop.page).toHaveURL(/\/sales\/[0-9a-f-]{36}$/);
    const heading = shop.page.locator('#main').getByRole('heading', { level: 1 });
    await expect(heading).toContainText('Order');
    await expect(heading).toBeFocused();
    expect(await shop.page.evaluate(() => document.activeElement === document.body)).toBe(false);
  } finally {
    await shop.close();
  }
});

test('the header at 390 px and 1280 px: Log in and Sign up come before the search, as drawn', async ({
  page,
}) => {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 844 });
    await page.goto('/about');
    const header = page.getByTestId('site-header');
    const search = header.getByRole('combobox');
    const names: string[] = [];
    const stops: Awaited<ReturnType<typeof focused>>[] = [];
    for (
      let i = 0;
      i < 20 && !(await search.evaluate((el) => el === document.activeElement));
      i++
    ) {
      await page.keyboard.press('Tab');
      const stop = await focused(page);
      names.push(stop.name);
      if (['Log in', 'Sign up'].includes(stop.name) || stop.id === 'header-search-input')
        stops.push(stop);
    }
    await expect(search).toBeFocused();
    expect(
      stops.map((s) => s.name),
      `at ${width}px: ${names.join(' → ')}`,
    ).toEqual(['Log in', 'Sign up', 'header-search-input']);
    // Each next stop is further down, or on the same line further right (reading order).
    for (let i = 1; i < stops.length; i++) {
      const [a, b] = [stops[i - 1]!, stops[i]!];
      const after = b.top > a.top + 8 || (Math.abs(b.top - a.top) <= 8 && b.left > a.left);
      expect(after, `at ${width}px: ${JSON.stringify(stops)}`).toBe(true);
    }
  }
});

test('/checkout at 320 px with an item in the cart: nothing scrolls sideways', async ({
  page,
  playwright,
  baseURL,
}) => {
  const maya = await apiContext(playwright, baseURL);
  const post = await createPost(maya, await apiLogin(maya, MAYA), {
    title: `Narrow screen bowl ${Date.now().toString(36)}`,
    price: 1234.5,
    stock: 9,
  });
  await addToCart(page, post);
  await page.setViewportSize({ width: 320, height: 720 });
  await page.goto('/checkout');
  const line = page.getByTestId('cart-line');
  await expect(line).toHaveCount(1);
  await expect(line.getByRole('button', { name: /^Remove/ })).toBeInViewport({ ratio: 1 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await expectAccessible(page, '/checkout at 320 px');
});
