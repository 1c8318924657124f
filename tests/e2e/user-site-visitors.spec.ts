import { cartTotals } from '../../src/shared/cart';
import type { Product } from '../../src/shared/contracts/catalog';
import { formatMoney } from '../../src/shared/format';
import { expectAccessible } from './axe';
import { INSTAGRAM_UA, hydrated, postsOf } from './site-support';
import { acceptCookies, expect, test } from './support';

// A seller's site, continued (user-site.spec.ts): unknown pages and feedback, sharing a page or a
// post, the hint for visitors in a social app's browser, the seller's part of the cart, and axe.

test.describe("visiting a seller's site", () => {
  test.beforeEach(async ({ context, baseURL }) => acceptCookies(context, baseURL));

  test('unknown usernames are the 404 page, with status 404', async ({ page }) => {
    for (const path of [
      '/no-such-seller-here',
      '/no-such-seller-here/products',
      '/no-such-seller-x',
    ]) {
      const res = await page.goto(path);
      expect(res?.status(), path).toBe(404);
      await expect(page.getByTestId('error-page')).toBeVisible();
    }
    // Another seller's post is not on maya's site.
    const [leoPost] = await postsOf(page.request, 'leo');
    expect((await page.goto(`/maya/${leoPost!._id}`))?.status()).toBe(404);
    expect((await page.goto(`/maya/products/${leoPost!._id}`))?.status()).toBe(404);
  });

  test('/maya/products/{id} is the post at its one address, /maya/{slug}-{shortId}', async ({
    request,
  }) => {
    const [post] = await postsOf(request, 'maya');
    const res = await request.get(`/maya/products/${post!._id}`, { maxRedirects: 0 });
    expect(res.status()).toBe(301);
    expect(res.headers()['location']).toBe(post!.path);
  });

  test('feedback pages show what buyers said, say when there is none, and lead back', async ({
    page,
  }) => {
    // The demo seed has sam's five-star rating of his mug from maya (src/server/demo/commerce.ts).
    await page.goto('/maya/products/feedback');
    await expect(page.getByTestId('rating-summary')).toContainText('1 rating');
    await expect(page.getByTestId('feedback-card')).toContainText('Sam Rivera');
    await expect(page.getByTestId('feedback-text')).toContainText('Beautiful glaze');
    await expectAccessible(page, '/maya/products/feedback');
    await page.getByRole('link', { name: 'Back to Maya Chen Ceramics' }).click();
    await expect(page).toHaveURL(/\/maya$/);
    await expect(page.getByTestId('seller-rating')).toContainText('(1 rating)');

    const posts = await postsOf(page.request, 'maya');
    const unrated = posts.find((p) => !p.title.startsWith('Speckled stoneware mug'))!;
    await page.goto(`/maya/products/feedback/${unrated._id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      `Feedback on ${unrated.title}`,
    );
    await expect(page.getByTestId('feedback-empty')).toContainText('No feedback yet');
    await expect(page.getByRole('link', { name: 'Back to the post' })).toHaveAttribute(
      'href',
      unrated.path,
    );
  });
  test('share: the Web Share API where the browser has it', async ({ page, baseURL }) => {
    await page.addInitScript(() => {
      Object.defineProperty(navigator, 'share', {
        configurable: true,
        value: (data: ShareData) => {
          (window as unknown as { shared: ShareData[] }).shared ??= [];
          (window as unknown as { shared: ShareData[] }).shared.push(data);
          return Promise.resolve();
        },
      });
    });
    await page.goto('/maya?page=1');
    await page.getByRole('button', { name: 'Share this page' }).click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { shared?: ShareData[] }).shared))
      .toEqual([{ title: 'Maya Chen Ceramics', url: `${baseURL}/maya` }]);
  });

  test('share: otherwise the link is copied, and said so', async ({ browser, baseURL }) => {
    const context = await browser.newContext({
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    await acceptCookies(context, baseURL);
    const page = await context.newPage();
    await page.addInitScript(() => {
      delete (Navigator.prototype as { share?: unknown }).share;
    });
    const [post] = await postsOf(page.request, 'maya');
    await page.goto(post!.path);
    await page.getByTestId('post-share').click();
    await expect(page.getByRole('status').filter({ hasText: 'Link copied' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      `${baseURL}${post!.path}`,
    );
    await context.close();
  });

  test("the in-app browser hint: in Instagram's browser only, until dismissed", async ({
    browser,
    baseURL,
    page,
    request,
  }) => {
    // Never in the server's HTML: the same cached page serves every visitor.
    const html = await (
      await request.get('/maya', { headers: { 'user-agent': INSTAGRAM_UA } })
    ).text();
    // (The page's inlined stylesheet names the hint in a selector; the element itself is absent.)
    expect(html).not.toContain('data-testid="in-app-hint"');
    expect(html).toContain('data-testid="site-header"');

    const context = await browser.newContext({ userAgent: INSTAGRAM_UA });
    await acceptCookies(context, baseURL);
    const inApp = await context.newPage();
    await inApp.goto('/maya');
    const hint = inApp.getByTestId('in-app-hint');
    await expect(hint.locator('p')).toHaveText(
      'You are in Instagram’s browser. For checkout and saved carts, open this page in your browser: tap ⋯ then “Open in browser”.',
    );
    // Over the page, not in its flow: nothing moves when it appears.
    await expect(hint).toHaveCSS('position', 'fixed');
    await hint.getByRole('button', { name: 'Dismiss' }).click();
    await expect(hint).toHaveCount(0);
    await inApp.reload();
    await hydrated(inApp);
    await expect(inApp.getByTestId('in-app-hint')).toHaveCount(0);
    await context.close();

    await page.goto('/maya');
    await hydrated(page);
    await expect(page.getByTestId('in-app-hint')).toHaveCount(0);
  });

  test("/maya/checkout: the cart's items from maya, with their totals", async ({ page }) => {
    await page.goto('/maya/checkout');
    await expect(page.getByTestId('site-cart-empty')).toContainText(
      'Nothing from Maya Chen Ceramics in your cart yet',
    );

    const pick = (posts: Product[]) =>
      posts.find((p) => !p.soldOut && p.variations.length === 0 && p.stock > 1)!;
    const mine = pick(await postsOf(page.request, 'maya'));
    const other = pick(await postsOf(page.request, 'leo'));
    for (const [seller, post] of [
      ['maya', mine],
      ['maya', mine],
      ['leo', other],
    ] as const) {
      await page.goto(`/${seller}/${post._id}`);
      await hydrated(page); // the button does nothing before hydration
      await page.getByTestId('post-add-to-cart').click();
      await expect(page.getByTestId('post-cart-status')).toContainText('Added to your cart.');
    }

    await page.goto('/maya/checkout');
    const lines = page.getByTestId('site-cart-line');
    await expect(lines).toHaveCount(1);
    await expect(lines).toContainText(mine.title);
    await expect(lines.getByTestId('site-cart-quantity')).toContainText('2 ×');
    const totals = cartTotals([{ amount: 2, price: mine.price, shippingCost: mine.shippingCost }]);
    await expect(page.getByTestId('site-cart-total')).toHaveText(formatMoney(totals.grandTotal));
    await expect(page.getByTestId('site-cart-totals')).toContainText(formatMoney(totals.tax));
    await expect(page.getByTestId('site-cart-others')).toContainText('1 item from other sellers');
    await expectAccessible(page, '/maya/checkout with a cart');

    await page.getByTestId('site-cart-checkout').click();
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByTestId('cart-line')).toHaveCount(2);
  });

  test('axe finds nothing on /maya, /maya-x and a post page', async ({ page }) => {
    const [post] = await postsOf(page.request, 'maya');
    for (const path of ['/maya', '/maya-x', post!.path]) {
      await page.goto(path);
      await hydrated(page);
      await expectAccessible(page, path);
    }
  });
});
