import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { signUnsubscribeToken } from '../../src/server/modules/notifications/unsubscribe-token';
import { accountsApi } from '../../src/shared/api/accounts';
import { notificationsApi } from '../../src/shared/api/notifications';
import type { UnsubscribeScope } from '../../src/shared/contracts/notification-rules';
import { MESSAGES } from '../../src/shared/messages';
import { expectAccessible } from './axe';
import {
  acceptCookies,
  apiClient,
  expect,
  okayModal,
  submitLogin,
  test,
  waitForLink,
} from './support';

// Email notifications: the settings on /edit-profile and the one-click /unsubscribe page. Each test
// registers its own member (the demo accounts stay as seeded for the other specs).

test.beforeEach(async ({ context, baseURL }) => acceptCookies(context, baseURL));

const PASSWORD = 'notify me 1234';
let members = 0;

/** A registered, activated member of our own. */
async function freshMember(request: APIRequestContext) {
  members += 1;
  const username = `e2enotify${Date.now().toString(36)}${members}`;
  const email = `${username}@example.test`;
  const api = apiClient(request);
  const { user } = await api.call(accountsApi.register, {
    body: { username, name: `Nora ${members}`, email, password: PASSWORD, accountType: 'both' },
  });
  const link = await waitForLink(email, /\/users\/activate-account\?token=/);
  const token = new URL(link).searchParams.get('token')!;
  await api.call(accountsApi.activateAccount, { query: { token } });
  return { id: user._id, email };
}

/**
 * The link a notification email carries, signed as the e2e server signs it: with its secret
 * (JWT_SECRET, or the one it generated in its data directory). The API tests check that real
 * digests carry exactly these links.
 */
function unsubscribePath(userId: string, scope: UnsubscribeScope): string {
  const secret =
    process.env.JWT_SECRET ??
    readFileSync(path.join(process.env.E2E_DATA_DIR!, 'secret'), 'utf8').trim();
  return `/unsubscribe?token=${encodeURIComponent(signUnsubscribeToken(secret, userId, scope))}`;
}

async function logIn(page: Page, email: string) {
  await page.goto('/login');
  await submitLogin(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/edit-profile$/);
}

const box = (page: Page, label: string) =>
  page
    .getByTestId('notification-settings-form')
    .getByRole('checkbox', { name: label, exact: true });

test('email settings on /edit-profile: switched off with the keyboard, saved, still off after a reload', async ({
  page,
  request,
}) => {
  const member = await freshMember(request);
  await logIn(page, member.email);
  const form = page.getByTestId('notification-settings-form');
  await expect(page.getByRole('heading', { name: 'Email notifications' })).toBeVisible();
  for (const label of [
    'New followers',
    'Comments to review',
    'Replies to my comments',
    'Private messages',
    'Price drops and restocks',
    'Unpaid order reminders',
    'Offers',
  ])
    await expect(box(page, label)).toBeChecked();

  // Keyboard only: Space toggles, Tab walks to Save, Enter submits.
  await box(page, 'New followers').focus();
  await page.keyboard.press('Space');
  await expect(box(page, 'New followers')).not.toBeChecked();
  await expect(form.getByRole('status')).toHaveText('You have unsaved changes.');
  for (let i = 0; i < 7; i++) await page.keyboard.press('Tab');
  await expect(form.getByRole('button', { name: 'Save email settings' })).toBeFocused();
  await page.keyboard.press('Enter');
  await okayModal(page, MESSAGES.notificationSettingsSaved);
  await expect(form.getByRole('status')).toHaveText('');
  await expectAccessible(page, '/edit-profile with email settings saved');

  await page.reload();
  await expect(box(page, 'New followers')).not.toBeChecked();
  await expect(box(page, 'Comments to review')).toBeChecked();
  await expect(box(page, 'Replies to my comments')).toBeChecked();
  await expect(box(page, 'Private messages')).toBeChecked();
});

test('an unsubscribe link switches off exactly its emails in one click, signed in or not', async ({
  page,
  request,
}) => {
  const member = await freshMember(request);

  // Signed out, straight from the mail.
  await page.goto(unsubscribePath(member.id, 'privateMessage'));
  const done = page.getByTestId('unsubscribe-done');
  await expect(done.getByRole('status')).toHaveText(
    'You will no longer get emails about private messages.',
  );
  await expect(done.getByRole('link', { name: 'your profile page' })).toHaveAttribute(
    'href',
    '/edit-profile',
  );
  await expect(done.getByRole('button', { name: 'Subscribe again' })).toHaveCount(0);
  await expectAccessible(page, '/unsubscribe (one kind, signed out)');

  await logIn(page, member.email);
  await expect(box(page, 'Private messages')).not.toBeChecked();
  await expect(box(page, 'New followers')).toBeChecked();

  // Signed in as its member: the "all" link, then a way back.
  await page.goto(unsubscribePath(member.id, 'all'));
  await expect(done.getByRole('status')).toContainText(
    'You will no longer get notification emails',
  );
  await expectAccessible(page, '/unsubscribe (all, signed in, with Subscribe again)');
  await done.getByRole('button', { name: 'Subscribe again' }).click();
  await expect(done.getByRole('status')).toHaveText(
    'You are subscribed again: notification emails are back on.',
  );
  await done.getByRole('link', { name: 'your profile page' }).click();
  await expect(page).toHaveURL(/\/edit-profile$/);
  for (const label of [
    'New followers',
    'Comments to review',
    'Replies to my comments',
    'Private messages',
    'Price drops and restocks',
    'Unpaid order reminders',
    'Offers',
  ])
    await expect(box(page, label)).toBeChecked();
});

test('the unsubscribe page works without JavaScript and explains a broken link', async ({
  browser,
  request,
  baseURL,
}) => {
  const member = await freshMember(request);
  const context = await browser.newContext({ javaScriptEnabled: false });
  await acceptCookies(context, baseURL);
  const page = await context.newPage();
  await page.goto(unsubscribePath(member.id, 'newFollower'));
  await expect(page.getByTestId('unsubscribe-message')).toHaveText(
    'You will no longer get emails about new followers.',
  );
  // The signature's first character changed (it follows the dot, which is `.` in the URL too).
  const tampered = unsubscribePath(member.id, 'commentReply').replace(/\.(.)/, (_, c: string) =>
    c === 'A' ? '.B' : '.A',
  );
  await page.goto(tampered);
  await expect(page.getByTestId('unsubscribe-error').getByRole('alert')).toHaveText(
    MESSAGES.unsubscribeTokenInvalid,
  );
  await context.close();

  // Only the first link changed anything.
  const { user } = await apiClient(request).call(accountsApi.login, {
    body: { email: member.email, password: PASSWORD },
  });
  const settings = await apiClient(request, { token: user.token }).call(
    notificationsApi.settings,
    {},
  );
  expect(settings).toEqual({
    settings: {
      newFollower: false,
      commentToReview: true,
      commentReply: true,
      privateMessage: true,
      likedPostAlert: true,
      checkoutReminder: true,
      offers: true,
    },
  });
});
