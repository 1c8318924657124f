import { readFile } from 'node:fs/promises';
import { devices, type Browser } from '@playwright/test';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { expectAccessible } from './axe';
import { INSTAGRAM_UA } from './site-support';
import { DEMO_PASSWORD, acceptCookies, expect, submitLogin, test } from './support';

// Issue 25 points 4 and 5 (docs/decisions/066): the notice for visitors inside a social app's
// browser on the log-in and checkout pages, and the editor's "Share your page" (QR code, PNG,
// Copy, Share), on a phone-sized screen.

const PHONE = { width: 390, height: 844 };
const INSTAGRAM_IOS =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 330.0.0.34.89 (iPhone15,2; iOS 17_4; en_US; en-US; scale=3.00; 1179x2556; 604372271)';

test.use({ viewport: PHONE });

/** A page in a fresh context with `userAgent` (undefined: Playwright's regular Chromium). */
async function visitor(browser: Browser, baseURL: string | undefined, userAgent?: string) {
  const context = await browser.newContext({
    baseURL,
    viewport: PHONE,
    ...(userAgent ? { userAgent } : {}),
  });
  await acceptCookies(context, baseURL);
  return { context, page: await context.newPage() };
}

const PAGES = ['/login', '/checkout', '/maya/checkout'];

test('inside Instagram on Android: "Open in browser" opens the same address in Chrome', async ({
  browser,
  baseURL,
}) => {
  const { context, page } = await visitor(browser, baseURL, INSTAGRAM_UA);
  for (const path of PAGES) {
    await page.goto(path);
    const notice = page.getByTestId('in-app-notice');
    await expect(notice, path).toContainText('You are in Instagram’s browser.');
    const open = notice.getByRole('link', { name: 'Open in browser' });
    const { host } = new URL(baseURL!);
    await expect(open).toHaveAttribute(
      'href',
      `intent://${host}${path}#Intent;scheme=http;package=com.android.chrome;end`,
    );
    await expectAccessible(page, `${path} in Instagram (Android)`);
  }
  await context.close();
});

test('inside Instagram on iOS: Copy link and where the app keeps "Open in browser"', async ({
  browser,
  baseURL,
}) => {
  const { context, page } = await visitor(browser, baseURL, INSTAGRAM_IOS);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  for (const path of PAGES) {
    await page.goto(path);
    const notice = page.getByTestId('in-app-notice');
    await expect(notice, path).toContainText(
      'Tap ••• then “Open in external browser”, or paste the link into Safari.',
    );
    await expect(notice.getByRole('link', { name: 'Open in browser' })).toHaveCount(0);
    await notice.getByRole('button', { name: 'Copy link' }).click();
    await expect(notice.getByRole('status')).toHaveText('Link copied.');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      new URL(path, baseURL).href,
    );
    await expectAccessible(page, `${path} in Instagram (iOS)`);
  }
  await context.close();
});

for (const [name, userAgent] of [
  ['Chrome on Android', devices['Pixel 7'].userAgent],
  ['desktop Chromium', undefined],
] as const)
  test(`a regular browser never sees the notice: ${name}`, async ({ browser, baseURL }) => {
    const { context, page } = await visitor(browser, baseURL, userAgent);
    // Looked at once the page has run its scripts (the seller's checkout decides in the browser):
    // the log-in form, and each cart once loaded from the browser's storage.
    const ready = {
      '/login': () => expect(page.getByTestId('login-form')).toBeVisible(),
      '/checkout': () => expect(page.getByText('Loading your cart…')).toHaveCount(0),
      '/maya/checkout': () => expect(page.getByTestId('site-cart-empty')).toBeVisible(),
    };
    for (const path of PAGES) {
      // The seller's checkout loads the detection after hydration (docs/decisions/066): wait for
      // it, so that "no notice" means it decided, not that it has not yet.
      const detection =
        path === '/maya/checkout'
          ? page.waitForResponse((r) => /\/in-app-browser-[^/]*\.js$/.test(r.url()))
          : null;
      await page.goto(path);
      await ready[path as keyof typeof ready]();
      if (detection) expect((await detection).ok()).toBe(true);
      await expect(page.getByTestId('in-app-notice'), path).toHaveCount(0);
    }
    await context.close();
  });

test('the editor shows the page’s QR code, its PNG scans to the page, Copy and Share work', async ({
  page,
  context,
  baseURL,
}) => {
  await acceptCookies(context, baseURL);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/login?redirectTo=/edit-page');
  await submitLogin(page, 'maya', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/edit-page$/);
  const pageUrl = new URL('/maya', baseURL).href;
  const section = page.getByTestId('share-section');
  await expect(section.getByRole('heading', { name: 'Share your page' })).toBeVisible();
  await expect(
    section.getByRole('img', { name: `QR code of your page, ${pageUrl}` }),
  ).toBeVisible();
  await expect(section.getByTestId('share-url')).toHaveText(pageUrl);

  await test.step('Download PNG: a file that scans to the page address', async () => {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      section.getByRole('link', { name: 'Download PNG' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('maya-qr-code.png');
    const png = await readFile((await download.path())!);
    const { data, info } = await sharp(png)
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data).toBe(pageUrl);
  });

  await test.step('Copy and Share put the page address on the clipboard', async () => {
    await section.getByRole('button', { name: 'Copy your page’s address' }).click();
    await expect(section.getByText('Copied', { exact: true })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(pageUrl);
    await page.evaluate(() => navigator.clipboard.writeText(''));
    // Headless Chromium has no share sheet: Share copies the link instead.
    expect(await page.evaluate(() => typeof navigator.share)).toBe('undefined');
    await section.getByRole('button', { name: 'Share', exact: true }).click();
    await expect(section.getByRole('status').filter({ hasText: 'Link copied.' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(pageUrl);
  });

  await expectAccessible(page, '/edit-page with Share your page');
});
