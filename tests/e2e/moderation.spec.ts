import type { Browser, Page } from '@playwright/test';
import { accountsApi } from '../../src/shared/api/accounts';
import { commentsApi } from '../../src/shared/api/comments';
import { messagesApi } from '../../src/shared/api/messages';
import { expectAccessible } from './axe';
import { ADMIN, apiContext, createPost } from './catalog-support';
import { registerSeller } from './site-support';
import {
  DEMO_PASSWORD,
  acceptCookies,
  apiClient,
  expect,
  modal,
  nextClientIp,
  okayModal,
  submitLogin,
  test,
} from './support';

// Reports and the one moderation queue (docs/decisions/023), suspension and the admin /users page
// (docs/decisions/022). The member suspended here is a seller registered by the test: the demo's
// sellers are used by other specs running against the same server.

test.beforeEach(async ({ context, baseURL }) => acceptCookies(context, baseURL));

/** A page of its own (own cookies and client address) signed in through the log-in form. */
async function signedInPage(
  browser: Browser,
  baseURL: string | undefined,
  login: string,
  password: string,
) {
  const context = await browser.newContext({
    baseURL,
    extraHTTPHeaders: { 'x-forwarded-for': nextClientIp() },
  });
  await acceptCookies(context, baseURL);
  const page = await context.newPage();
  await page.goto('/login');
  await submitLogin(page, login, password);
  await expect(page).toHaveURL(/\/edit-profile$/);
  return page;
}

/** Opens the report dialog with `button`, picks the reason at `choice`, writes `details`, sends. */
async function report(page: Page, button: string, choice: number, details: string) {
  await page.getByTestId(button).click();
  const dialog = page.getByTestId('report-dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByTestId(`report-reason-${choice}`).check();
  await dialog.getByTestId('report-details').fill(details);
  await dialog.getByTestId('report-submit').click();
  await expect(dialog).toBeHidden();
  await okayModal(page, 'Thanks — a moderator will look at it.');
}

test('a member reports a seller and their post; a moderator suspends the seller, whose page then answers 404', async ({
  page,
  browser,
  baseURL,
  playwright,
}) => {
  const api = await apiContext(playwright, baseURL);
  const seller = await registerSeller(api);
  const token = await seller.activate();
  const post = await createPost(api, token, {
    title: 'Hand-thrown teapot',
    description: 'Stoneware, holds a litre.',
    price: 48,
    shippingCost: 6,
    stock: 2,
    _tags: ['ceramics'],
  });

  await test.step('a signed-out visitor is asked to log in first', async () => {
    await page.goto(`/products/${post._id}`);
    await page.getByTestId('report-post').click();
    await expect(modal(page)).toContainText('Please log in to do that.');
    await modal(page).getByRole('button', { name: 'Okay' }).click();
    await expect(page).toHaveURL(/\/login\?redirectTo=/);
  });

  const sam = await signedInPage(browser, baseURL, 'sam', DEMO_PASSWORD);
  await test.step('sam reports the post and the seller with reasons', async () => {
    await sam.goto(`/products/${post._id}`);
    await report(sam, 'report-post', 2, 'The maker mark is copied.');
    await sam.goto(`/${seller.username}`);
    await expect(sam.getByTestId('user-site-home')).toBeVisible();
    await report(sam, 'report-seller', 5, 'Sells copies of other potters’ work.');
  });

  const admin = await signedInPage(browser, baseURL, ADMIN.email, ADMIN.password);
  await test.step('the admin finds both reports in the queue, with their reasons', async () => {
    await admin.getByTestId('side-menu-button').click();
    await admin.getByTestId('side-menu').getByTestId('menu-moderation').click();
    await expect(admin).toHaveURL(/\/moderation$/);
    const onPost = admin.locator(`[data-testid="queue-report"][data-target-id="${post._id}"]`);
    await expect(onPost).toContainText('1 report on a post');
    await expect(onPost).toContainText('Hand-thrown teapot');
    await expect(onPost).toContainText('Counterfeit or stolen goods: The maker mark is copied.');
    await expect(onPost).toContainText('@sam');
    const onSeller = admin.locator('[data-testid="queue-report"][data-target-type="user"]', {
      hasText: `@${seller.username}`,
    });
    await expect(onSeller).toContainText('Sells copies of other potters’ work.');
    await expectAccessible(admin, '/moderation with open reports');
  });

  await test.step('the admin suspends the seller from the report on the post', async () => {
    const onPost = admin.locator(`[data-testid="queue-report"][data-target-id="${post._id}"]`);
    await onPost.getByRole('button', { name: 'Suspend author' }).click();
    await expect(modal(admin)).toContainText(`@${seller.username} is logged out everywhere`);
    await modal(admin).getByRole('button', { name: 'Okay' }).click();
    await expect(admin.getByTestId('queue-status')).toHaveText(
      'Author suspended and reports closed.',
    );
    // Every open report about the seller closed with it.
    await expect(onPost).toHaveCount(0);
    await expect(
      admin.locator('[data-testid="queue-report"]', { hasText: `@${seller.username}` }),
    ).toHaveCount(0);
  });

  await test.step('the decision is recorded with who took it', async () => {
    await admin.getByRole('link', { name: 'Decisions' }).click();
    const decision = admin
      .getByTestId('decision')
      .filter({ hasText: `@${seller.username} suspended` });
    await expect(decision).toHaveCount(1);
    await expect(decision).toContainText('Suspended by');
    await expectAccessible(admin, '/moderation decisions');
  });

  await test.step("the seller's page and post are gone for everyone", async () => {
    const visitor = await apiContext(playwright, baseURL);
    expect((await visitor.get(`/${seller.username}`)).status()).toBe(404);
    expect((await visitor.get(`/products/${post._id}`)).status()).toBe(404);
    const login = apiClient(visitor).call(accountsApi.login, {
      body: { email: seller.email, password: DEMO_PASSWORD },
    });
    await expect(login).rejects.toMatchObject({ status: 403 });
    await visitor.dispose();
  });

  await api.dispose();
  await sam.context().close();
  await admin.context().close();
});

test('the admin searches /users, changes a role, suspends and reinstates, and deletes an account', async ({
  browser,
  baseURL,
  playwright,
}) => {
  // Two registrations, an axe scan and four admin round trips: ~12 s alone, more on a busy machine.
  test.slow();
  const api = await apiContext(playwright, baseURL);
  const member = await registerSeller(api);
  await member.activate();
  const doomed = await registerSeller(api);

  const admin = await signedInPage(browser, baseURL, ADMIN.email, ADMIN.password);
  await admin.goto('/users');
  await expect(admin.getByRole('heading', { level: 1 })).toHaveText('Users (admin)');
  await expectAccessible(admin, '/users');

  await test.step('search finds the member; an unknown name says so', async () => {
    await admin.getByLabel('Name, username or email').fill(member.username);
    await admin.getByRole('button', { name: 'Search' }).click();
    await expect(admin).toHaveURL(new RegExp(`q=${member.username}`));
    await expect(admin.getByTestId('user-row')).toHaveCount(1);
    await admin.getByLabel('Name, username or email').fill('nobody-by-this-name');
    await admin.getByRole('button', { name: 'Search' }).click();
    await expect(admin.getByTestId('users-empty')).toContainText(
      'No users match “nobody-by-this-name”.',
    );
  });

  const row = admin.locator(`[data-testid="user-row"][data-username="${member.username}"]`);
  await test.step('the admin makes the member a moderator', async () => {
    await admin.goto(`/users?q=${member.username}`);
    await row.getByTestId('user-role-select').selectOption('moderator');
    await row.getByRole('button', { name: /^Save role/ }).click();
    await okayModal(admin, 'User updated!');
    await expect(row.getByTestId('user-role')).toHaveText('Moderator');
  });

  await test.step('suspends and reinstates them', async () => {
    await row.getByTestId('user-suspend').click();
    await expect(modal(admin)).toContainText(`Suspend @${member.username}?`);
    await modal(admin).getByRole('button', { name: 'Okay' }).click();
    await okayModal(admin, 'User updated!');
    await expect(row).toHaveAttribute('data-status', 'suspended');
    await row.getByTestId('user-suspend').click();
    await modal(admin).getByRole('button', { name: 'Okay' }).click();
    await okayModal(admin, 'User updated!');
    await expect(row).toHaveAttribute('data-status', 'active');
  });

  await test.step('deletes an account after the irreversible confirmation', async () => {
    await admin.goto(`/users?q=${doomed.username}`);
    const doomedRow = admin.locator(`[data-testid="user-row"][data-username="${doomed.username}"]`);
    await doomedRow.getByTestId('user-delete').click();
    await expect(modal(admin)).toContainText("This action can't be undone!");
    await modal(admin).getByRole('button', { name: 'Okay' }).click();
    await expect(doomedRow).toHaveCount(0);
    await expect(admin.getByTestId('users-empty')).toBeVisible();
    const gone = apiClient(api).call(accountsApi.login, {
      body: { email: doomed.email, password: DEMO_PASSWORD },
    });
    await expect(gone).rejects.toMatchObject({ status: 401 });
  });

  await api.dispose();
  await admin.context().close();
});

test('comments and messages can be reported from where they are read; the reports reach the queue', async ({
  browser,
  baseURL,
  playwright,
}) => {
  const api = await apiContext(playwright, baseURL);
  const seller = await registerSeller(api);
  const token = await seller.activate();
  const post = await createPost(api, token, {
    title: 'Celadon bud vase',
    description: 'Small, for one stem.',
    price: 22,
    shippingCost: 4,
    stock: 1,
    _tags: ['ceramics'],
  });
  // The seller's own comment is public at once; their public message is in the /messages feed.
  const asSeller = apiClient(api, { token });
  const { comment } = await asSeller.call(commentsApi.createComment, {
    body: { comment: { productId: post._id, text: 'Fired twice, glazed inside.' } },
  });
  const commentId = comment._id;
  const { message } = await asSeller.call(messagesApi.save, {
    body: { message: { text: 'New vases on Friday.', _tags: ['ceramics'] } },
  });
  const messageId = message._id;

  const sam = await signedInPage(browser, baseURL, 'sam', DEMO_PASSWORD);
  await sam.goto(`/products/${post._id}`);
  await report(sam, 'comment-report', 1, 'Advertises another shop.');
  await sam.goto('/messages?tab=feed&tag=ceramics');
  const card = sam.locator(`[data-testid="message-card"][data-message-id="${messageId}"]`);
  await card.getByTestId('message-report').click();
  const dialog = sam.getByTestId('report-dialog');
  await dialog.getByTestId('report-reason-1').check();
  await dialog.getByTestId('report-details').fill('Spam in the feed.');
  await dialog.getByTestId('report-submit').click();
  await okayModal(sam, 'Thanks — a moderator will look at it.');

  const admin = await signedInPage(browser, baseURL, ADMIN.email, ADMIN.password);
  await admin.goto('/moderation');
  await expect(
    admin.locator(`[data-testid="queue-report"][data-target-id="${commentId}"]`),
  ).toContainText('1 report on a comment');
  await expect(
    admin.locator(`[data-testid="queue-report"][data-target-id="${messageId}"]`),
  ).toContainText('1 report on a message');
  await Promise.all([sam.context().close(), admin.context().close()]);
});
