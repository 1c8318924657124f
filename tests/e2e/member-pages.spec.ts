import type { Browser, Page } from '@playwright/test';
import { socialApi } from '../../src/shared/api/social';
import { apiLogin, MAYA } from './catalog-support';
import { hydrated, postsOf } from './site-support';
import { DEMO_PASSWORD, acceptCookies, apiClient, expect, nextClientIp, test } from './support';

// A seller's pages are one cached HTML for everyone (docs/decisions/045): a member's own likes
// and follows, and the owner's controls, are filled in by the page after it loads.

const SAM = { email: 'sam@demo.storefront.test', password: DEMO_PASSWORD };

/** A browser context of its own (client address, cookies), signed in as `who` through the API. */
async function member(browser: Browser, baseURL: string | undefined, who: typeof SAM) {
  const context = await browser.newContext({
    baseURL,
    extraHTTPHeaders: { 'x-forwarded-for': nextClientIp() },
  });
  await acceptCookies(context, baseURL);
  const page = await context.newPage();
  const token = await apiLogin(page.request, who);
  return { page, token, close: () => context.close() };
}

/** Loads `path` and checks it came from the render cache, rendered for nobody. */
async function cachedPage(page: Page, path: string) {
  await page.goto(path);
  const again = await page.request.get(path);
  expect(again.headers()['x-render-cache']).toBe('hit');
  await hydrated(page);
}

test("a member sees their own likes and follows on a seller's cached page after it loads", async ({
  browser,
  baseURL,
}) => {
  const sam = await member(browser, baseURL, SAM);
  try {
    const [post] = await postsOf(sam.page.request, 'maya');
    // Sam follows and likes maya, and likes her newest post (whatever the demo seed did).
    const api = apiClient(sam.page.request, { token: sam.token });
    const known = await api.call(socialApi.pageState, {
      query: { ids: `${post!.user._id},${post!._id}` },
    });
    if (!known.followedUserIds.length)
      await api.call(socialApi.follow, { body: { id: post!.user._id } });
    if (!known.likedUserIds.length)
      await api.call(socialApi.likeUser, { body: { id: post!.user._id } });
    if (!known.likedPostIds.length)
      await api.call(socialApi.likeProduct, { body: { id: post!._id } });

    await cachedPage(sam.page, '/maya');
    await expect(sam.page.getByTestId('follow-button')).toHaveText('Following');
    await expect(sam.page.getByTestId('user-like-button')).toHaveAttribute('aria-pressed', 'true');
    // The header's menu knows Sam.
    await sam.page.getByTestId('side-menu-button').click();
    await expect(sam.page.getByTestId('side-menu')).toContainText('Sam');
    await sam.page.keyboard.press('Escape');

    await cachedPage(sam.page, post!.path);
    await expect(sam.page.getByTestId('like-button')).toHaveAttribute('aria-pressed', 'true');
    // Not the owner: no owner controls.
    await expect(sam.page.getByTestId('owner-edit-post')).toHaveCount(0);
  } finally {
    await sam.close();
  }
});

test('the owner sees the owner controls on their own cached page; another member does not', async ({
  browser,
  baseURL,
}) => {
  const maya = await member(browser, baseURL, MAYA);
  const sam = await member(browser, baseURL, SAM);
  try {
    const [post] = await postsOf(maya.page.request, 'maya');
    await cachedPage(maya.page, '/maya');
    await expect(maya.page.getByTestId('owner-edit-page')).toBeVisible();
    await expect(maya.page.getByTestId('follow-button')).toHaveCount(0);
    await cachedPage(maya.page, post!.path);
    await expect(maya.page.getByTestId('owner-edit-post')).toBeVisible();
    await expect(maya.page.getByTestId('post-likes-count')).toBeVisible();

    await cachedPage(sam.page, '/maya');
    await expect(sam.page.getByTestId('follow-button')).toBeVisible();
    await expect(sam.page.getByTestId('owner-edit-page')).toHaveCount(0);
    await cachedPage(sam.page, post!.path);
    await expect(sam.page.getByTestId('like-button')).toBeVisible();
    await expect(sam.page.getByTestId('owner-edit-post')).toHaveCount(0);
  } finally {
    await Promise.all([maya.close(), sam.close()]);
  }
});
