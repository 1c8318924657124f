import type { APIRequestContext, Page } from '@playwright/test';
import { MESSAGES } from '../../src/shared/messages';
import { expectAccessible } from './axe';
import { ADMIN, apiLogin } from './catalog-support';
import { postsOf, registerSeller, siteOf } from './site-support';
import { DEMO_PASSWORD, acceptCookies, expect, interactive, modal, test } from './support';

// Likes, follows and blocks in the browser (issue 11): the log-in modal for signed-out visitors,
// a buyer following a seller and liking her post, then finding both on /favorites and /feed,
// and blocking from a profile. The demo seed: maya and leo sell, sam buys.

const SAM = { email: 'sam@demo.storefront.test', password: DEMO_PASSWORD };

test.beforeEach(async ({ context, baseURL }) => acceptCookies(context, baseURL));

/** "12 followers" → 12 */
async function followersShown(page: Page): Promise<number> {
  const text = (await page.getByTestId('site-followers').textContent()) ?? '';
  return Number(text.replace(/[^\d]/g, ''));
}

/** The id of a demo member, from their site. */
async function memberId(request: APIRequestContext, username: string): Promise<string> {
  return (await siteOf(request, username)).owner._id;
}

test('a signed-out like or follow shows the log-in modal, and Okay goes to /login remembering the page', async ({
  page,
  request,
}) => {
  const [post] = await postsOf(request, 'maya');
  await page.goto(`/products/${post!._id}`);
  const like = await interactive(page.getByTestId('like-button'));
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  await like.click();
  await expect(modal(page)).toContainText(MESSAGES.loginRequired);
  // Nothing was liked meanwhile.
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  await modal(page).getByRole('button', { name: 'Okay' }).click();
  await expect(page).toHaveURL(`/login?redirectTo=${encodeURIComponent(`/products/${post!._id}`)}`);

  // On the seller's page, the follow button asks the same.
  await page.goto('/maya');
  await (await interactive(page.getByTestId('follow-button'))).click();
  await expect(modal(page)).toContainText(MESSAGES.loginRequired);
  await modal(page).getByRole('button', { name: 'Okay' }).click();
  await expect(page).toHaveURL('/login?redirectTo=%2Fmaya');
});

test('a buyer follows a seller and likes her post; both show on /favorites and /feed', async ({
  page,
  request,
}) => {
  // A member of their own (the demo's sam already follows maya and likes some of her posts).
  await (await registerSeller(page.request)).activate();
  const posts = await postsOf(request, 'maya');
  const post = posts[1]!;

  // Follow maya on her page: the follower count moves at once, and after a reload.
  await page.goto('/maya');
  const follow = await interactive(page.getByTestId('follow-button'));
  const before = await followersShown(page);
  await expect(follow).toHaveText('Follow');
  await follow.click();
  await expect(follow).toHaveText('Following');
  await expect(follow).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('site-followers')).toHaveText(
    `${before + 1} ${before + 1 === 1 ? 'follower' : 'followers'}`,
  );
  await page.reload();
  await expect(page.getByTestId('follow-button')).toHaveText('Following');
  expect(await followersShown(page)).toBe(before + 1);

  // Like one of her posts on her site.
  await page.goto(`/maya/${post._id}`);
  const like = await interactive(page.getByTestId('like-button'));
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('like-button-count')).toHaveText(String(post.likesCount + 1));

  // The marketplace's page of the post knows it is liked (the liked-ids store, after hydration).
  await page.goto(`/products/${post._id}`);
  await expect(page.getByTestId('like-button')).toHaveAttribute('aria-pressed', 'true');

  await page.goto('/favorites');
  const liked = page.getByRole('list', { name: 'Liked posts' });
  await expect(liked.locator(`[data-product-id="${post._id}"]`)).toBeVisible();
  await expectAccessible(page, '/favorites with a liked post');

  await page.goto('/feed');
  const feed = page.getByRole('list', { name: 'Feed' });
  await expect(feed.getByTestId('product-card').first()).toBeVisible();
  await expect(feed.locator(`[data-product-id="${posts[0]!._id}"]`)).toBeVisible();
  await expectAccessible(page, '/feed with posts');

  await page.goto('/following');
  const following = page.getByRole('list', { name: 'People you follow' });
  await expect(following.getByRole('link', { name: /Maya/ })).toBeVisible();
  await expectAccessible(page, '/following');

  // Maya's profile shows sam follows her.
  await page.goto(`/users/${await memberId(request, 'maya')}`);
  await expect(page.getByTestId('follow-button')).toHaveText('Following');
  await expectAccessible(page, '/users/:id');

  // Unfollowing on /following: the button turns back to Follow, and the feed empties on reload.
  await page.goto('/following');
  const row = page.getByTestId('user-row').filter({ hasText: 'Maya' });
  await (await interactive(row.getByTestId('follow-button'))).click();
  await expect(row.getByTestId('follow-button')).toHaveText('Follow');
  // Take the like back on /favorites: the card's heart.
  await page.goto('/favorites');
  const card = page.locator(`[data-product-id="${post._id}"]`);
  await (await interactive(card.getByTestId('like-button'))).click();
  await expect(card.getByTestId('like-button')).toHaveAttribute('aria-pressed', 'false');
});

test('the empty feed, following and favorites pages say what to do next', async ({ page }) => {
  await apiLogin(page.request, ADMIN);
  await page.goto('/feed');
  await expect(page.getByTestId('list-empty')).toContainText(
    'Follow sellers to see their new posts here',
  );
  await (await interactive(page.getByTestId('feed-find-sellers'))).click();
  await expect(page).toHaveURL('/marketplace');

  await page.goto('/following');
  await expect(page.getByTestId('following-list-empty')).toContainText('You do not follow anyone');
  await expect(page.getByTestId('blocked-list-empty')).toBeVisible();
  await expectAccessible(page, 'empty /following');

  await page.goto('/favorites');
  await expect(page.getByTestId('list-empty')).toContainText('No liked posts yet');
  await expect(page.getByTestId('liked-users-empty')).toBeVisible();
  await expectAccessible(page, 'empty /favorites');
});

test('blocking a member from their profile (with a confirmation) lists them under Blocked members', async ({
  page,
  request,
}) => {
  await apiLogin(page.request, SAM);
  const leoId = await memberId(request, 'leo');
  await page.goto(`/users/${leoId}`);
  await (await interactive(page.getByTestId('block-button'))).click();
  const dialog = modal(page);
  await expect(dialog).toContainText(MESSAGES.confirmBlock);
  await dialog.getByRole('button', { name: 'Okay' }).click();
  await expect(page.getByTestId('profile-social')).toContainText('You have blocked');
  await expect(page.getByTestId('follow-button')).toHaveCount(0);
  await expectAccessible(page, '/users/:id of a blocked member');

  await page.goto('/following');
  const blocked = page.getByRole('list', { name: 'Blocked members' });
  const row = blocked.getByTestId('user-row').filter({ hasText: 'Leo' });
  await expect(row).toBeVisible();
  await (await interactive(row.getByTestId('unblock-button'))).click();
  await expect(row.getByTestId('block-button')).toBeVisible();
  // Unblocked: the profile offers follow again.
  await page.goto(`/users/${leoId}`);
  await expect(page.getByTestId('follow-button')).toHaveText('Follow');
});

test('an unknown member id is a 404 page', async ({ page }) => {
  const res = await page.goto('/users/00000000-0000-4000-8000-000000000000');
  expect(res?.status()).toBe(404);
});
