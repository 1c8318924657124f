import { readFile } from 'node:fs/promises';
import {
  devices,
  type APIRequestContext,
  type Page,
  type PlaywrightWorkerArgs,
} from '@playwright/test';
import { expectAccessible } from './axe';
import { MAYA, apiLogin } from './catalog-support';
import { INSTAGRAM_UA, registerSeller, siteOf } from './site-support';
import {
  DEMO_PASSWORD,
  acceptCookies,
  expect,
  modal,
  nextClientIp,
  reloadUntil,
  submitLogin,
  test,
} from './support';

// /insights (issue 26) at phone size: the demo seller maya's numbers after a few visits from
// strangers (the range from the URL, the chart's name and its table, a CSV file, axe), a new
// seller's empty state and Clear insights, and /how-we-count linked from /privacy.

test.use({ viewport: { width: 390, height: 844 } });
test.beforeEach(async ({ context, baseURL }) => acceptCookies(context, baseURL));

const PHONE_UA = devices['Pixel 7'].userAgent;

/**
 * A stranger's phone opening `paths` (their own address, no session, a real browser's user
 * agent): what the server counts as views and clicks of the seller's pages.
 */
async function visitAsStranger(
  playwright: PlaywrightWorkerArgs['playwright'],
  baseURL: string | undefined,
  paths: readonly string[],
  userAgent: string = PHONE_UA,
) {
  const stranger: APIRequestContext = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { 'x-forwarded-for': nextClientIp(), 'user-agent': userAgent },
  });
  try {
    for (const path of paths) {
      const res = await stranger.get(path, { maxRedirects: 0 });
      expect(res.status(), path).toBeLessThan(400);
    }
  } finally {
    await stranger.dispose();
  }
}

const headline = (page: Page, key: string) =>
  page.getByTestId(`insights-headline-${key}`).getByTestId('insights-headline-value');

test('maya reads her insights on a phone: numbers, ranges, the chart and its table, a CSV', async ({
  page,
  playwright,
  baseURL,
}) => {
  // Two axe runs, one over a 90-row table: slow on a busy machine.
  test.setTimeout(150_000);
  const [firstLink] = (await siteOf(page.request, 'maya')).links;
  await visitAsStranger(playwright, baseURL, [
    '/maya?src=ig',
    ...(firstLink ? [firstLink.href] : []),
  ]);
  await visitAsStranger(playwright, baseURL, ['/maya', '/maya-x'], INSTAGRAM_UA);

  await test.step('the side menu leads to Insights, past the log-in', async () => {
    await page.goto('/insights');
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Finsights$/);
    await submitLogin(page, MAYA.email, MAYA.password);
    await expect(page).toHaveURL(/\/insights$/);
    await page.goto('/sales');
    await page.getByTestId('side-menu-button').click();
    await page.getByTestId('side-menu').getByRole('link', { name: 'Insights' }).click();
    await expect(page).toHaveURL(/\/insights$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Insights' })).toBeVisible();
  });

  await test.step('the headline numbers count the visits, each against the days before', async () => {
    await reloadUntil(page, async () => {
      await expect(headline(page, 'views')).not.toHaveText('0', { timeout: 1_000 });
    });
    await expect(page.getByTestId('insights-range-30d')).toHaveAttribute('aria-current', 'page');
    await expect(headline(page, 'visitors')).toHaveText(/^[1-9][\d,]*$/);
    await expect(headline(page, 'revenue')).toHaveText(/^\$[\d,]+\.\d\d$/);
    // The arrow is decoration (hidden from screen readers): the words carry the change.
    await expect(page.getByTestId('insights-change').first()).toHaveText(
      /^(?:[▲▼] )?(?:[+-]?\d[\d.,]*%|new|no change) vs previous 30 days$/,
    );
    await expect(page.getByTestId('insights-funnel')).toBeVisible();
    await expect(
      page.getByTestId('insights-sources').getByRole('rowheader', { name: 'Instagram bio link' }),
    ).toBeVisible();
    // Phone first: nothing wider than the screen but the tables, which scroll in their own box.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await expectAccessible(page, '/insights with numbers');
  });

  await test.step('the range comes from the URL, and the links change it', async () => {
    await page.goto('/insights?range=7d');
    await expect(page.getByTestId('insights-range-7d')).toHaveAttribute('aria-current', 'page');
    await expect(page.getByTestId('insights-change').first()).toContainText('vs previous 7 days');
    await page.getByTestId('insights-range-90d').click();
    await expect(page).toHaveURL(/\/insights\?range=90d$/);
    await expect(page.getByTestId('insights-range-90d')).toHaveAttribute('aria-current', 'page');
    await expect(page.getByTestId('insights-change').first()).toContainText('vs previous 90 days');
  });

  await test.step('the chart has a name that says what it shows, and every day as a table', async () => {
    const chart = page.getByRole('img', {
      name: /^Views a day from .+ \(UTC\): [\d,]+ views? in all/,
    });
    await expect(chart).toBeVisible();
    const table = page.getByTestId('insights-daily-table');
    await expect(table).toBeHidden();
    await page.getByText('Show as table').click();
    await expect(table).toBeVisible();
    await expect(table.locator('tbody tr')).toHaveCount(90);
    await expectAccessible(page, '/insights?range=90d with the daily table open');
  });

  await test.step('Download CSV saves the sources as a file', async () => {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download CSV of sources' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(
      /^insights-sources-\d{4}-\d\d-\d\d-to-\d{4}-\d\d-\d\d\.csv$/,
    );
    const lines = (await readFile((await download.path())!, 'utf8')).split('\r\n');
    expect(lines[0]).toBe('source,name,views,visitors,clicks,carts,orders,revenue (USD)');
    expect(lines.some((l) => l.startsWith('ig,Instagram bio link,'))).toBe(true);
  });

  await test.step('the links editor gives the Instagram link its bio link', async () => {
    await page.goto('/edit-page');
    const instagram = page
      .getByTestId('link-row')
      .filter({ has: page.getByTestId('link-row-title').getByText('Instagram', { exact: true }) });
    await expect(instagram.getByTestId('link-row-bio-url')).toHaveText(`${baseURL}/maya?src=ig`);
    await expect(instagram.getByTestId('link-row-bio-link')).toContainText(
      'visits and sales from it show as “Instagram bio link” on Insights',
    );
    await expect(
      instagram.getByRole('button', { name: 'Copy the Instagram bio link' }),
    ).toBeVisible();
    await page.goBack();
  });

  await test.step('the note on visitors links to how we count', async () => {
    await expect(page.getByTestId('insights-counting-note')).toContainText(
      'the sum of each day’s unique visitors',
    );
    await page.getByTestId('insights-how-we-count').click();
    await expect(page).toHaveURL(/\/how-we-count$/);
  });
});

test('a new seller sees how to get the first numbers, then clears test visits', async ({
  page,
  playwright,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const seller = await registerSeller(page.request);
  await seller.activate();
  await apiLogin(page.request, { email: seller.email, password: DEMO_PASSWORD });

  await test.step('nothing counted: the page address to share, with Copy', async () => {
    await page.goto('/insights');
    const empty = page.getByTestId('insights-empty');
    await expect(empty).toContainText('No visits counted yet');
    await expect(empty.getByTestId('insights-page-url')).toHaveText(
      `${baseURL}/${seller.username}`,
    );
    await expect(empty.getByRole('button', { name: 'Copy your page’s address' })).toBeVisible();
    await expect(page.getByTestId('insights-headlines')).toHaveCount(0);
    await expectAccessible(page, '/insights, empty');
  });

  await test.step('a test visit shows up', async () => {
    await visitAsStranger(playwright, baseURL, [`/${seller.username}`]);
    await reloadUntil(page, async () => {
      await expect(headline(page, 'views')).toHaveText('1', { timeout: 1_000 });
    });
  });

  await test.step('Clear insights asks first; Nope keeps them, Okay clears them', async () => {
    const clear = page.getByTestId('insights-clear');
    await clear.click();
    await expect(modal(page)).toContainText('Clear insights?');
    await modal(page).getByRole('button', { name: 'Nope' }).click();
    await expect(modal(page)).toBeHidden();
    await expect(headline(page, 'views')).toHaveText('1');

    await clear.click();
    await modal(page).getByRole('button', { name: 'Okay' }).click();
    await expect(modal(page)).toBeHidden();
    await expect(page.getByTestId('insights-empty')).toBeVisible();
    await expect(page.getByTestId('insights-cleared')).not.toBeEmpty();
    await page.reload();
    await expect(page.getByTestId('insights-empty')).toBeVisible();
  });
});

test('/how-we-count says what is counted and kept, linked from the privacy policy', async ({
  page,
}) => {
  await page.goto('/privacy');
  await page.getByTestId('privacy-how-we-count').click();
  await expect(page).toHaveURL(/\/how-we-count$/);
  await expect(page.getByRole('heading', { level: 1, name: 'How we count' })).toBeVisible();
  for (const heading of [
    'What is counted',
    'What is not counted',
    'Unique visitors, without cookies',
    'Where a visit came from',
    'What is kept, and for how long',
  ])
    await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
  await expect(page.getByTestId('how-we-count-page')).toContainText('HMAC-SHA-256');
  await expectAccessible(page, '/how-we-count');
});
