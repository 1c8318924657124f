import { MESSAGES } from '../../src/shared/messages';
import { expectAccessible } from './axe';
import { postsOf, registerSeller } from './site-support';
import { acceptCookies, expect, interactive, modal, okayModal, test } from './support';

// The bell beside the heart in the browser (docs/decisions/075): neutral on the page everyone
// shares, filled in once the member is known (the page's personal call), pressed with the keyboard,
// refused with the server's reason until the post is liked, and silenced with the like. The mails
// it brings: tests/api/social/like-alerts.test.ts.

test.beforeEach(async ({ context, baseURL }) => acceptCookies(context, baseURL));

test('a signed-out visitor sees the bell neutral, and pressing it asks them to log in', async ({
  page,
  request,
}) => {
  const [post] = await postsOf(request, 'maya');
  await page.goto(`/maya/${post!._id}`);
  const bell = await interactive(page.getByTestId('alert-bell'));
  await expect(bell).toHaveAttribute('aria-pressed', 'false');
  await expect(bell).toHaveAccessibleName(
    `Tell me when ${post!.title} drops in price or is back in stock`,
  );
  await bell.click();
  await expect(modal(page)).toContainText(MESSAGES.loginRequired);
});

test('a member rings the bell of a liked post with the keyboard; it stays rung and goes with the like', async ({
  page,
  request,
}) => {
  await (await registerSeller(page.request)).activate();
  const post = (await postsOf(request, 'maya'))[2]!;

  await page.goto(`/maya/${post._id}`);
  const bell = await interactive(page.getByTestId('alert-bell'));
  const like = page.getByTestId('like-button');
  await expect(bell).toHaveAttribute('aria-pressed', 'false');
  // Not liked yet: the server's reason, and the bell stays as it was.
  await bell.focus();
  await page.keyboard.press('Enter');
  await okayModal(page, 'Like this post first');
  await expect(bell).toHaveAttribute('aria-pressed', 'false');

  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await bell.focus();
  await page.keyboard.press('Space');
  await expect(bell).toHaveAttribute('aria-pressed', 'true');
  await expectAccessible(page, 'a post with its bell rung');

  // The shared page fills it in after load; so does the marketplace's page of the post.
  await page.reload();
  await expect(page.getByTestId('alert-bell')).toHaveAttribute('aria-pressed', 'true');
  await page.goto(`/products/${post._id}`);
  const marketBell = page.getByTestId('alert-bell');
  await expect(marketBell).toHaveAttribute('aria-pressed', 'true');
  await expectAccessible(page, 'the marketplace post page with its bell rung');

  // Taking the like back silences the bell, here and after a reload.
  await (await interactive(page.getByTestId('like-button'))).click();
  await expect(page.getByTestId('like-button')).toHaveAttribute('aria-pressed', 'false');
  await expect(marketBell).toHaveAttribute('aria-pressed', 'false');
  await page.goto(`/maya/${post._id}`);
  await interactive(page.getByTestId('alert-bell'));
  await expect(page.getByTestId('like-button')).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByTestId('alert-bell')).toHaveAttribute('aria-pressed', 'false');

  // Its emails have a switch of their own, as has the unpaid order reminder.
  await page.goto('/edit-profile');
  await expect(page.getByRole('checkbox', { name: /Price drops and restocks/ })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: /Unpaid order reminders/ })).toBeChecked();
});
