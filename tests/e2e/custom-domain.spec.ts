import { chromium, devices, type Browser } from '@playwright/test';
import { DEMO_SITE_DOMAIN } from '../../src/server/composition/setup';
import { findChromium } from './chromium';
import { expectAccessible } from './axe';
import { expect, nextClientIp, test } from './support';

// A seller's own domain (docs/decisions/017): the demo seed gives leo's site the verified domain
// DEMO_SITE_DOMAIN (a reserved `.test` name no DNS answers for). This test's own Chromium is told
// that the name is this machine (--host-resolver-rules), as DNS would point a real domain at the
// app: the server sees `Host: leo.demo.storefront.test:<port>` and renders leo's site at `/`.

const port = new URL(process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3100').port;
const origin = `http://${DEMO_SITE_DOMAIN}:${port}`;
const POST_HREF = /^\/leo\/[a-z0-9-]+-[0-9a-f]{12}$/;

let browser: Browser;
test.beforeAll(async () => {
  browser = await chromium.launch({
    executablePath: findChromium(),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      `--host-resolver-rules=MAP ${DEMO_SITE_DOMAIN} 127.0.0.1`,
    ],
  });
});
test.afterAll(() => browser?.close());

test("the seller's domain shows their site at /, hydrates without errors and keeps its address", async () => {
  // Four document loads and two client navigations: past 30 s on a busy machine.
  test.slow();
  const context = await browser.newContext({
    ...devices['Pixel 7'],
    extraHTTPHeaders: { 'x-forwarded-for': nextClientIp() },
  });
  await context.addCookies([{ name: 'cookieConsent', value: '1', url: origin }]);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    // Chromium's note that COOP needs HTTPS off localhost: this test's domain is plain HTTP (a
    // real one is served over HTTPS); nothing the page did.
    if (
      message.type() === 'error' &&
      !message.text().startsWith('The Cross-Origin-Opener-Policy header has been ignored')
    )
      errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));

  const response = await page.goto(`${origin}/`);
  expect(response?.status()).toBe(200);
  await expect(page.getByText("Leo's Retro Hardware").first()).toBeVisible();
  // Hydrated: the router runs, matched on leo's path, while the address bar shows `/`.
  await page.waitForFunction(() => window.history.state?.masked?.pathname === '/leo');
  expect(page.url()).toBe(`${origin}/`);

  // A post link is followed by the router (no new document) and shows the post.
  await page.evaluate(() => ((window as { stillThisDocument?: boolean }).stillThisDocument = true));
  const hrefs = await page
    .locator('a[href^="/leo/"]')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href')!));
  const postHref = hrefs.find((href) => POST_HREF.test(href));
  expect(postHref, 'a link to one of leo’s posts').toBeDefined();
  await page.locator(`a[href="${postHref}"]`).first().click();
  await expect(page).toHaveURL(`${origin}${postHref}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(
    await page.evaluate(() => (window as { stillThisDocument?: boolean }).stillThisDocument),
  ).toBe(true);

  // Back: the site's home again, at `/`.
  await page.goBack();
  await expect(page).toHaveURL(`${origin}/`);
  await expect(page.getByText("Leo's Retro Hardware").first()).toBeVisible();

  // A post addressed on the domain (`/{slug}-{shortId}`) is served as such.
  const direct = await page.goto(`${origin}/${postHref!.split('/')[2]}`);
  expect(direct?.status()).toBe(200);
  await page.waitForFunction((path) => window.history.state?.masked?.pathname === path, postHref);
  expect(page.url()).toBe(`${origin}/${postHref!.split('/')[2]}`);

  expect(errors).toEqual([]);
  await context.close();
});

test("checkout from the seller's domain goes to the marketplace with the cart filled", async () => {
  // Several full page loads on two origins.
  test.slow();
  const context = await browser.newContext({
    ...devices['Pixel 7'],
    extraHTTPHeaders: { 'x-forwarded-for': nextClientIp() },
  });
  await context.addCookies([{ name: 'cookieConsent', value: '1', url: origin }]);
  const page = await context.newPage();
  await page.goto(`${origin}/`);
  await page.waitForFunction(() => window.history.state?.masked?.pathname === '/leo');
  const hrefs = await page
    .locator('a[href^="/leo/"]')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href')!));
  // The first of leo's posts that is in stock (the seed sells some out).
  const addToCart = page.getByTestId('post-add-to-cart');
  for (const postHref of [...new Set(hrefs.filter((href) => POST_HREF.test(href)))]) {
    await page.goto(`${origin}/${postHref.split('/')[2]}`);
    await page.waitForFunction((path) => window.history.state?.masked?.pathname === path, postHref);
    if (await addToCart.isEnabled()) break;
  }
  const title = (await page.getByTestId('post-title').textContent())!.trim();
  await page.getByTestId('post-add-to-cart').click();
  await expect(page.getByTestId('post-cart-status')).toContainText('Added to your cart.');

  await page.goto(`${origin}/checkout`);
  await expect(page.getByTestId('site-cart-line')).toHaveCount(1);
  await expectAccessible(page, 'the cart on the seller’s domain');
  await page.getByTestId('site-cart-checkout').click();

  // The marketplace's own origin, its checkout with the line, and the link gone from the address.
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/checkout$/);
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
  await expect(page.getByTestId('cart-line')).toContainText(title);

  await context.close();
});
