import { readFile } from 'node:fs/promises';
import { readOutbox } from '../../src/server/adapters/mail/outbox';
import { CONTACT_THANKS } from '../../src/shared/contracts/outreach-rules';
import { expectAccessible } from './axe';
import {
  DEMO_PASSWORD,
  acceptCookies,
  expect,
  outboxDir,
  submitLogin,
  test,
  waitForLink,
} from './support';

// The contact form (sent, then seen by an admin) and email lists (a seller's page sign-up confirmed
// through the mailed link; the footer's newsletter form). Each test uses addresses of its own.

test.beforeEach(async ({ context, baseURL }) => acceptCookies(context, baseURL));

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

test('the contact form says what is missing, sends, and the admin sees and handles the message', async ({
  page,
  browser,
  baseURL,
}) => {
  const id = unique();
  const subject = `Payout timing ${id}`;
  await page.goto('/contact');
  await expectAccessible(page, '/contact');
  const form = page.getByTestId('contact-form');
  // The page keeps the topic help cards.
  await expect(page.getByRole('heading', { name: 'Selling and payouts' })).toBeVisible();

  await form.getByLabel('Your name').fill('Ada Visitor');
  await form.getByLabel('Your email').fill(`ada-${id}@example.test`);
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByTestId('contact-topic-error')).toHaveText(
    'Choose what your message is about.',
  );
  await expect(form.getByLabel('What is it about?')).toBeFocused();
  await expectAccessible(page, '/contact with field errors');

  await form.getByLabel('What is it about?').selectOption({ label: 'Selling and payouts' });
  await form.getByLabel('Subject').fill(subject);
  await form
    .getByLabel('Message')
    .fill('When does a payout reach my bank after a sale is shipped?');
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByTestId('contact-sent')).toContainText(CONTACT_THANKS);
  await expect(page).toHaveURL(/\/contact\?sent=1$/);

  // Mailed to the admins through the job queue.
  await expect
    .poll(async () =>
      (await readOutbox(outboxDir())).some(
        (m) =>
          m.to === 'admin@example.com' && m.subject === `[Contact] Selling and payouts: ${subject}`,
      ),
    )
    .toBe(true);

  const admin = await browser.newContext({ baseURL });
  await acceptCookies(admin, baseURL);
  const adminPage = await admin.newPage();
  await adminPage.goto('/login?redirectTo=/admin-messages');
  await submitLogin(adminPage, 'admin@example.com', 'admin-pass-123');
  await expect(adminPage).toHaveURL(/\/admin-messages$/);
  const card = adminPage.getByTestId('contact-message').filter({ hasText: subject });
  await expect(card).toContainText('From Ada Visitor');
  await expect(card.getByTestId('contact-reply')).toHaveAttribute(
    'href',
    `mailto:ada-${id}%40example.test?subject=${encodeURIComponent(`Re: ${subject}`)}`,
  );
  await expectAccessible(adminPage, '/admin-messages');
  await card.getByRole('button', { name: 'Mark handled' }).click();
  await expect(adminPage.getByTestId('contact-message').filter({ hasText: subject })).toHaveCount(
    0,
  );
  await adminPage.getByRole('link', { name: 'Handled', exact: true }).click();
  await expect(adminPage.getByTestId('contact-message').filter({ hasText: subject })).toContainText(
    'Handled by',
  );
  await admin.close();
});

test("signing up to maya's list from her page, confirmed through the mailed link", async ({
  page,
}) => {
  const email = `fan-${unique()}@example.test`;
  await page.goto('/maya');
  const signup = page.getByTestId('site-list-form');
  await expect(signup.getByRole('heading', { name: /new posts by email/ })).toBeVisible();
  await signup.getByLabel('Your email').fill(email);
  await signup.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page).toHaveURL(/\/email-list$/);
  await expect(page.getByTestId('email-list-signed-up')).toContainText(
    `we sent a confirmation link to ${email}`,
  );

  const link = await waitForLink(email, /\/email-list\?confirm=/);
  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page.getByTestId('email-list-confirmed')).toContainText('You are subscribed');
  await expectAccessible(page, '/email-list (confirmed)');
  await page.getByRole('link', { name: /Go to .*'s page/ }).click();
  await expect(page).toHaveURL(/\/maya$/);
});

test("the footer's newsletter form signs up without any script", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  await acceptCookies(context, baseURL);
  const page = await context.newPage();
  const email = `news-${unique()}@example.test`;
  await page.goto('/about');
  const form = page.getByTestId('newsletter-form');
  await form.getByLabel('Your email').fill(email);
  await form.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page.getByTestId('email-list-signed-up')).toContainText(
    `Open it to start getting news from`,
  );
  await waitForLink(email, /\/email-list\?confirm=/);
  await context.close();
});

test('a seller sees their list on /edit-page and downloads it as CSV', async ({ page }) => {
  await page.goto('/login?redirectTo=/edit-page');
  await submitLogin(page, 'maya', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/edit-page$/);
  const section = page.getByTestId('my-email-list');
  // maya is on Business in the demo: no limit to state (a Free seller reads "your plan allows 100").
  await expect(section).toContainText(/^\d+ confirmed subscribers?\./);
  await expect(section).not.toContainText('your plan allows');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    section.getByTestId('my-email-list-csv').click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^email-list-maya-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile((await download.path())!, 'utf8');
  expect(csv.split('\r\n')[0]).toBe('email,name,status,source,subscribed_at,confirmed_at');
});
