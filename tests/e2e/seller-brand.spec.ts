import type { Locator, Page } from '@playwright/test';
import { catalogApi } from '../../src/shared/api/catalog';
import { expectAccessible } from './axe';
import { contrast, pressUntilFocused } from './keyboard-support';
import { postsOf, rgbOf, siteOf } from './site-support';
import { acceptCookies, apiClient, expect, nextClientIp, test } from './support';

// Issue 24 §7, docs/decisions/063: the seller's brand all the way on their pages. Maya's demo page
// is themed (terracotta #9a3412 buttons on a cream page, a pair that reads as text): her prices,
// buttons, selected options and focus rings take that colour; her page searches her posts only;
// her own cards never say "by Maya Chen".

const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1366, height: 900 },
];

const channels = (rgb: string) => rgb.match(/\d+/g)!.slice(0, 3).map(Number);

/** The outline `target` shows once reached by keyboard, and the page background around it. */
async function focusRing(page: Page, reach: Locator, ringOn: Locator = reach) {
  await pressUntilFocused(page, reach);
  return ringOn.evaluate((el) => {
    const s = getComputedStyle(el);
    const layout = el.closest('[data-layout="user-site"]')!;
    return {
      style: s.outlineStyle,
      width: parseFloat(s.outlineWidth),
      color: s.outlineColor,
      page: getComputedStyle(layout).backgroundColor,
    };
  });
}

/** No card on the page names its seller (they are all the page's seller's). */
async function expectNoSellerLine(cards: Locator) {
  expect(await cards.count()).toBeGreaterThan(0);
  const lines = await cards.locator('p').allTextContents();
  expect(lines.filter((t) => /^by /.test(t.trim()))).toEqual([]);
}

for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });
    test.beforeEach(async ({ context, baseURL }) => acceptCookies(context, baseURL));

    test("/maya: prices, buttons and focus rings in the seller's colour, cards without 'by'", async ({
      page,
    }) => {
      const site = await siteOf(page.request, 'maya');
      const accent = rgbOf(site.buttonBackgroundColor);
      // The premise: the demo's accent is no platform indigo and reads on her page.
      expect(accent).toBe('rgb(154, 52, 18)');

      await page.goto('/maya');
      const cards = page.getByTestId('product-grid').getByTestId('product-card');
      await expect(cards.first().locator('.price')).toHaveCSS('color', accent);
      await expectNoSellerLine(cards);
      const search = page.getByTestId('site-search-submit');
      await expect(search).toHaveCSS('background-color', accent);
      await expect(search).toHaveCSS('color', rgbOf(site.buttonTextColor));
      await expect(page.getByTestId('message-seller')).toHaveCSS('background-color', accent);

      const ring = await focusRing(
        page,
        page.getByRole('searchbox', { name: 'Search Maya Chen Ceramics' }),
      );
      expect(ring.style).not.toBe('none');
      expect(ring.width).toBeGreaterThanOrEqual(2);
      expect(ring.color).toBe(accent);
      expect(contrast(channels(ring.color), channels(ring.page))).toBeGreaterThanOrEqual(3);
      await expectAccessible(page, `/maya (${viewport.width}px)`);

      // Her tags page: the current tag is filled with her colour.
      // (Other specs add posts of hers without tags: the first that has one.)
      const tagged = (await postsOf(page.request, 'maya')).find((p) => p._tags.length > 0);
      const tag = tagged!._tags[0]!;
      await page.goto(`/maya/products/tags/${encodeURIComponent(tag)}`);
      const current = page
        .getByRole('navigation', { name: 'Tags of this seller' })
        .locator('[aria-current="page"]');
      await expect(current).toHaveCSS('background-color', accent);
      await expectNoSellerLine(page.getByTestId('product-card'));

      // The link-in-bio card: her prices, no "by".
      await page.goto('/maya-x');
      const featured = page.getByTestId('product-card');
      await expect(featured.first().locator('.price')).toHaveCSS('color', accent);
      await expectNoSellerLine(featured);
      await expectAccessible(page, `/maya-x (${viewport.width}px)`);
    });

    test('a post of hers: the price, the chosen option and Add to cart in her colour', async ({
      page,
    }) => {
      const site = await siteOf(page.request, 'maya');
      const accent = rgbOf(site.buttonBackgroundColor);
      const post = (await postsOf(page.request, 'maya')).find(
        (p) => p.variations.length > 0 && p.stock > 0,
      )!;
      await page.goto(`/maya/${post._id}`);
      await expect(page.getByTestId('post-price')).toHaveCSS('color', accent);
      await expect(page.getByTestId('post-add-to-cart')).toHaveCSS('background-color', accent);
      const chosen = page.locator('.option-chip').first();
      await expect(chosen).toHaveCSS('background-color', accent);
      await expect(chosen).toHaveCSS('color', rgbOf(site.buttonTextColor));
      // An option reached by keyboard: the ring around its chip is hers too.
      const radio = page.getByRole('radio').first();
      const ring = await focusRing(page, radio, chosen);
      expect(ring.style).not.toBe('none');
      expect(ring.color).toBe(accent);
      expect(contrast(channels(ring.color), channels(ring.page))).toBeGreaterThanOrEqual(3);
      await expectAccessible(page, `a post of maya (${viewport.width}px)`);
    });

    test('her search finds her posts, not the same word in another seller’s', async ({ page }) => {
      // "box" names a post of hers and one of leo's: the marketplace search finds both.
      const all = await apiClient(page.request).call(catalogApi.search, { body: { query: 'box' } });
      const sellers = all.results.map((p) => p.user.username);
      expect(sellers).toEqual(expect.arrayContaining(['maya', 'leo']));

      await page.goto('/maya');
      const box = page.getByRole('searchbox', { name: 'Search Maya Chen Ceramics' });
      await box.fill('box');
      await box.press('Enter');
      await expect(page).toHaveURL(/\/maya\/products\?q=box$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Results for “box”');
      const cards = page.getByTestId('product-card');
      await expect(cards.filter({ hasText: 'Seconds box' })).toHaveCount(1);
      await expect(cards.filter({ hasText: 'floppies' })).toHaveCount(0);
      await expectNoSellerLine(cards);
      await expect(page.getByRole('searchbox', { name: 'Search Maya Chen Ceramics' })).toHaveValue(
        'box',
      );
      await expectAccessible(page, `maya's search results (${viewport.width}px)`);

      // A word only leo uses: nothing here, and what to do next.
      const again = page.getByRole('searchbox', { name: 'Search Maya Chen Ceramics' });
      await again.fill('Voodoo');
      await again.press('Enter');
      await expect(page.getByTestId('site-search-no-results')).toHaveText(
        'No results for “Voodoo”',
      );
      const empty = page.getByTestId('list-empty');
      await expect(
        empty.getByRole('link', { name: /everything Maya Chen Ceramics sells/ }),
      ).toHaveAttribute('href', '/maya/products');
      await expect(empty.getByRole('link', { name: 'their tags' })).toHaveAttribute(
        'href',
        '/maya/products/tags',
      );
      await expectAccessible(page, `maya's search without results (${viewport.width}px)`);
    });
  });
}

test('the seller search works without JavaScript', async ({ browser, baseURL }) => {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    extraHTTPHeaders: { 'x-forwarded-for': nextClientIp() },
  });
  try {
    await acceptCookies(context, baseURL);
    const page = await context.newPage();
    await page.goto(`${baseURL}/maya`);
    await page.getByRole('searchbox', { name: 'Search Maya Chen Ceramics' }).fill('mug');
    await page.getByTestId('site-search-submit').click();
    await expect(page).toHaveURL(/\/maya\/products\?q=mug$/);
    await expect(
      page.getByTestId('product-card').filter({ hasText: /mug/i }).first(),
    ).toBeVisible();
  } finally {
    await context.close();
  }
});
