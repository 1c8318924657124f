import type { Browser, Page } from '@playwright/test';
import sharp from 'sharp';
import { messagesApi } from '../../src/shared/api/messages';
import { MESSAGES } from '../../src/shared/messages';
import { expectAccessible } from './axe';
import { apiLogin } from './catalog-support';
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

// Messages end to end: a private message reaches only its recipient (unread badge, read on
// opening, an inline reply); a public message with a tag shows on the feed and its tag filter;
// edit and delete from "Mine"; axe on /message and /messages in their states.

const who = (name: 'sam' | 'maya' | 'leo') => ({
  email: `${name}@demo.storefront.test`,
  password: DEMO_PASSWORD,
});

/** A page of its own (own cookies and client address), signed in as `name` through the API. */
async function signedInPage(
  browser: Browser,
  baseURL: string | undefined,
  name: 'sam' | 'maya' | 'leo',
) {
  const context = await browser.newContext({
    baseURL,
    extraHTTPHeaders: { 'x-forwarded-for': nextClientIp() },
  });
  await acceptCookies(context, baseURL);
  const page = await context.newPage();
  const token = await apiLogin(page.request, who(name));
  return { page, token, close: () => context.close() };
}

async function userId(page: Page, username: string): Promise<string> {
  const { user } = await apiClient(page.request).call(messagesApi.byUser, {
    params: { username },
    query: {},
  });
  return user._id;
}

test('a private message reaches only its recipient, who sees it unread, reads it and replies', async ({
  page,
  browser,
  baseURL,
}) => {
  const text = `Hi Maya, is the blue mug still for sale? (${Date.now().toString(36)})`;

  await test.step('sam writes to maya from /message?to=maya', async () => {
    await acceptCookies(page.context(), baseURL);
    await page.goto('/login?redirectTo=%2Fmessage%3Fto%3Dmaya');
    await submitLogin(page, 'sam@demo.storefront.test', DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/message\?to=maya$/);
    const form = page.getByTestId('message-form');
    await expect(form.getByTestId('audience-private')).toBeChecked();
    await expect(form.getByLabel('Send to (username)')).toHaveValue('maya');
    await expectAccessible(page, '/message (private to maya)');
    await form.getByRole('button', { name: 'Send message' }).click();
    // Nothing typed yet: the error is by the field.
    await expect(form.getByText('Write a message first.')).toBeVisible();
    await form.getByLabel('Message', { exact: true }).fill(text);
    await expect(form.getByTestId('message-count')).toContainText(
      `${text.length} / 1,000 characters`,
    );
    await form.getByRole('button', { name: 'Send message' }).click();
    await okayModal(page, MESSAGES.messageSent);
    // Okay opens the conversation with maya, the message in it.
    await expect(page).toHaveURL(/\/messages\?tab=conversations&with=/);
    await expect(page.getByTestId('thread')).toContainText(text);
  });

  const maya = await signedInPage(browser, baseURL, 'maya');
  try {
    await test.step('maya sees an unread badge, opens the conversation and reads it', async () => {
      const p = maya.page;
      await p.goto('/messages');
      await expect(p.getByTestId('messages-unread-badge')).toBeVisible();
      await p.getByTestId('messages-tab-conversations').click();
      const fromSam = p.getByTestId('conversation').filter({ hasText: 'Sam' }).first();
      await expect(fromSam).toContainText(text.slice(0, 40));
      await expect(fromSam.getByTestId('conversation-unread')).toBeVisible();
      await expectAccessible(p, '/messages conversations (unread)');
      await fromSam.click();
      const thread = p.getByTestId('thread');
      await expect(thread).toContainText(text);
      await expectAccessible(p, '/messages thread');
      // Opened: the unread count is gone.
      await p.getByTestId('back-to-conversations').click();
      await expect(p.getByTestId('conversation').filter({ hasText: 'Sam' }).first()).toBeVisible();
      await expect(
        p
          .getByTestId('conversation')
          .filter({ hasText: 'Sam' })
          .first()
          .getByTestId('conversation-unread'),
      ).toHaveCount(0);
    });

    await test.step('maya replies inline', async () => {
      const p = maya.page;
      await p.getByTestId('conversation').filter({ hasText: 'Sam' }).first().click();
      const reply = p.getByTestId('reply-form');
      await reply.getByLabel(/Reply to/).fill('Yes, it is! Shall I reserve it for you?');
      await reply.getByRole('button', { name: 'Send' }).click();
      await expect(p.getByTestId('reply-status')).toHaveText(MESSAGES.messageSent);
      await expect(p.getByTestId('thread-message').last()).toContainText('Shall I reserve it');
    });
  } finally {
    await maya.close();
  }

  const leo = await signedInPage(browser, baseURL, 'leo');
  try {
    await test.step('leo, a third member, sees it nowhere', async () => {
      const p = leo.page;
      for (const tab of ['/messages', '/messages?tab=conversations', '/messages?tab=mine']) {
        await p.goto(tab);
        await expect(p.getByTestId('messages-tabs')).toBeVisible();
        await expect(p.getByTestId('messages-page')).not.toContainText(text.slice(0, 30));
      }
      const samId = await userId(p, 'sam');
      await p.goto(`/messages?tab=conversations&with=${samId}`);
      await expect(p.getByTestId('thread')).toBeVisible();
      await expect(p.getByTestId('thread')).not.toContainText(text.slice(0, 30));
      const thread = await apiClient(p.request, { token: leo.token }).call(messagesApi.thread, {
        params: { userId: samId },
        query: {},
      });
      expect(JSON.stringify(thread)).not.toContain(text.slice(0, 30));
    });
  } finally {
    await leo.close();
  }
});

test('a public message with a tag and an image shows on the feed and its tag filter; edit and delete it from Mine', async ({
  page,
  baseURL,
}) => {
  const tag = `e2e${Date.now().toString(36)}`;
  const text = `Fresh glazes on the bench today (${tag})`;
  await acceptCookies(page.context(), baseURL);
  await apiLogin(page.request, who('sam'));

  await test.step('compose: text, a tag, an image with a preview', async () => {
    await page.goto('/message');
    const form = page.getByTestId('message-form');
    await expect(form.getByTestId('audience-public')).toBeChecked();
    await expectAccessible(page, '/message (new, public)');
    await form.getByLabel('Message', { exact: true }).fill(text);
    const tags = form.getByLabel('Tags (optional)');
    await tags.fill(tag);
    await tags.press('Enter');
    await expect(form.getByTestId('tag-chip')).toHaveText(tag);
    const png = await sharp({
      create: { width: 120, height: 90, channels: 3, background: '#0e7490' },
    })
      .png()
      .toBuffer();
    await form.getByTestId('message-image-input').setInputFiles({
      name: 'glazes.png',
      mimeType: 'image/png',
      buffer: png,
    });
    await expect(form.getByTestId('message-image-preview')).toBeVisible();
    await expectAccessible(page, '/message with a tag and an image');
    await form.getByRole('button', { name: 'Send message' }).click();
    await okayModal(page, MESSAGES.messageSent);
    await expect(page).toHaveURL(/\/messages$/);
  });

  await test.step('the feed shows it; its tag filters the feed', async () => {
    const card = page.getByTestId('message-card').filter({ hasText: text });
    await expect(card).toBeVisible();
    await expect(card.getByRole('img', { name: /shared by/ })).toHaveCount(1);
    await expectAccessible(page, '/messages feed');
    await card.getByTestId('message-tag').filter({ hasText: tag }).click();
    await expect(page).toHaveURL(new RegExp(`/messages\\?tag=${tag}$`));
    await expect(page.getByTestId('message-tag-filter')).toContainText(
      `Showing messages tagged #${tag}`,
    );
    await expect(page.getByTestId('message-card')).toHaveCount(1);
    await expect(page.getByTestId('message-card')).toContainText(text);
    await expectAccessible(page, '/messages tag filter');
    await page.getByTestId('message-tag-filter').getByRole('link', { name: /clear/ }).click();
    await expect(page).toHaveURL(/\/messages$/);
  });

  await test.step('like it: the heart and count change at once', async () => {
    const card = page.getByTestId('message-card').filter({ hasText: text });
    const like = card.getByTestId('message-like');
    await expect(like).toHaveAttribute('aria-pressed', 'false');
    await like.click();
    await expect(like).toHaveAttribute('aria-pressed', 'true');
    await expect(card.getByTestId('message-like-count')).toHaveText('1');
  });

  await test.step('edit it from Mine', async () => {
    await page.getByTestId('messages-tab-mine').click();
    const card = page.getByTestId('message-card').filter({ hasText: text });
    await card.getByTestId('message-edit').click();
    await expect(page).toHaveURL(/\/message\?id=/);
    const form = page.getByTestId('message-form');
    await expect(form.getByTestId('message-audience')).toContainText('Public message');
    await form.getByLabel('Message', { exact: true }).fill(`${text} — edited`);
    await form.getByRole('button', { name: 'Save message' }).click();
    await okayModal(page, MESSAGES.messageSaved);
    await expect(page).toHaveURL(/\/messages$/);
    await expect(
      page.getByTestId('message-card').filter({ hasText: `${text} — edited` }),
    ).toBeVisible();
  });

  await test.step('delete it from Mine (confirmed): it leaves the list', async () => {
    await page.getByTestId('messages-tab-mine').click();
    const card = page.getByTestId('message-card').filter({ hasText: text });
    await expect(card).toHaveCount(1);
    await expectAccessible(page, '/messages mine');
    await card.getByTestId('message-delete').click();
    await expect(modal(page)).toContainText(MESSAGES.confirmIrreversible);
    await modal(page).getByRole('button', { name: 'Okay' }).click();
    await expect(page.getByTestId('message-card').filter({ hasText: text })).toHaveCount(0);
    await page.goto(`/messages?tag=${tag}`);
    await expect(page.getByTestId('messages-empty')).toContainText(
      `No messages tagged #${tag} yet`,
    );
  });
});
