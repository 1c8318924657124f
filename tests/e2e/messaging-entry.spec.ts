import type { Page } from '@playwright/test';
import { MESSAGES } from '../../src/shared/messages';
import { expectAccessible } from './axe';
import { apiContext } from './catalog-support';
import { paidOrder, sellerAndBuyer, signedIn } from './commerce-support';
import { hydrated } from './site-support';
import {
  DEMO_PASSWORD,
  acceptCookies,
  expect,
  nextClientIp,
  okayModal,
  submitLogin,
  test,
} from './support';

// Issue 24 "Messaging everywhere it belongs", at phone and desktop size: Message on a seller's
// page and on a post (the post linked), Message seller on an order (its sale linked), Message
// buyer on a sale (the order linked); signed out, Message goes through log in and back; Messages
// in the side menu and the avatar menu, and the header's unread count going up when a message
// arrives and down once it is read. Fresh members: their messages are only these.

const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1366, height: 900 },
];

const composer = (page: Page) => page.getByTestId('message-form');

/**
 * Types `words` under the address the composer opened with (focusing the box puts the caret
 * after it) and sends; Okay opens the conversation.
 */
async function send(page: Page, words: string) {
  const text = composer(page).getByLabel('Message', { exact: true });
  const intro = await text.inputValue();
  await text.focus();
  await page.keyboard.type(words);
  await expect(text).toHaveValue(`${intro}${words}`);
  await composer(page).getByRole('button', { name: 'Send message' }).click();
  await okayModal(page, MESSAGES.messageSent);
  await expect(page).toHaveURL(/\/messages\?tab=conversations&with=/);
}

/** Opens the conversation with the member named `name` from /messages. */
async function openConversation(page: Page, name: string) {
  await page.getByTestId('messages-tab-conversations').click();
  await page.getByTestId('conversation').filter({ hasText: name }).click();
}

/** The header's Messages link (its name carries the unread count). */
const messagesLink = (page: Page) => page.getByTestId('site-header').getByTestId('messages-link');

for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });

    test('Message on a seller page, a post, an order and a sale; Messages in the menus with the unread count', async ({
      page,
      browser,
      baseURL,
      playwright,
    }) => {
      test.setTimeout(150_000);
      const api = await apiContext(playwright, baseURL);
      const { seller, post, buyer } = await sellerAndBuyer(
        api,
        {
          title: 'Ash glaze bowl',
          description: 'Wide and shallow.',
          price: 30,
          shippingCost: 5,
          _tags: [],
          variations: [],
          stock: 5,
        },
        'Robin Buyer',
      );
      const order = await paidOrder(api, buyer.token, [{ postId: post._id }]);
      const postPath = post.path;

      await test.step('signed out, Message on a post goes through log in, back to the composer about the post', async () => {
        await page.context().setExtraHTTPHeaders({ 'x-forwarded-for': nextClientIp() });
        await acceptCookies(page.context(), baseURL);
        await page.goto(postPath);
        const message = page.getByTestId('message-author');
        await expect(message).toBeVisible();
        await expect(message).toHaveAccessibleName('Message Kiln Corner');
        await expectAccessible(page, 'post page with Message (signed out)');
        await message.click();
        await expect(page).toHaveURL(/\/login\?redirectTo=/);
        await submitLogin(page, buyer.email, DEMO_PASSWORD);
        await expect(page).toHaveURL(/\/message\?to=/);
        await expect(composer(page).getByLabel('Send to (username)')).toHaveValue(seller.username);
        await expect(composer(page).getByLabel('Message', { exact: true })).toHaveValue(
          `About ${baseURL}${postPath}\n\n`,
        );
        await expectAccessible(page, '/message about a post');
        await send(page, 'Is the bowl food safe?');
        // The post's address is a link to the post in the conversation.
        const link = page.getByTestId('thread').getByTestId('message-text-link');
        await expect(link).toHaveAttribute('href', postPath);
      });

      await test.step('Message on the seller page writes to the seller', async () => {
        await page.goto(`/${seller.username}`);
        await hydrated(page);
        const message = page.getByTestId('message-seller');
        await expect(message).toBeVisible();
        await expectAccessible(page, 'seller page with Message (signed in)');
        await message.click();
        await expect(page).toHaveURL(new RegExp(`/message\\?to=${seller.username}$`));
        await expect(composer(page).getByLabel('Send to (username)')).toHaveValue(seller.username);
        await expect(composer(page).getByLabel('Message', { exact: true })).toHaveValue('');
      });

      await test.step('Message seller on the order writes to the seller about their sale', async () => {
        await page.goto('/orders');
        const card = page.locator(`[data-order-id="${order._id}"]`);
        await expectAccessible(page, '/orders with Message seller');
        await card.getByTestId('message-seller').click();
        await expect(composer(page).getByLabel('Send to (username)')).toHaveValue(seller.username);
        await expect(composer(page).getByLabel('Message', { exact: true })).toHaveValue(
          new RegExp(`^About ${baseURL}/sales/[0-9a-f-]{36}\\n\\n$`),
        );
        await send(page, 'When will it ship?');
      });

      const shop = await signedIn(browser, baseURL, {
        email: seller.email,
        password: DEMO_PASSWORD,
      });
      try {
        const p = shop.page;
        await test.step('the seller sees Messages in both menus and 2 unread in the header', async () => {
          await p.goto('/my-posts');
          await expect(messagesLink(p)).toHaveAccessibleName('Messages, 2 unread');
          await expect(messagesLink(p).getByTestId('messages-badge')).toHaveText('2');
          await expectAccessible(p, 'header with the unread count');
          await p.getByTestId('avatar-menu-button').first().click();
          await expect(p.getByTestId('avatar-messages')).toBeVisible();
          await p.keyboard.press('Escape');
          await p.getByTestId('side-menu-button').click();
          await p.getByTestId('side-menu').getByTestId('menu-messages').click();
          await expect(p).toHaveURL(/\/messages$/);
        });

        await test.step('reading the conversation brings the count down', async () => {
          await openConversation(p, 'Robin Buyer');
          await expect(p.getByTestId('thread')).toContainText('When will it ship?');
          await expect(messagesLink(p)).toHaveAccessibleName('Messages');
          await expect(messagesLink(p).getByTestId('messages-badge')).toHaveCount(0);
        });

        await test.step('on their own page and post the seller has no Message button', async () => {
          await p.goto(`/${seller.username}`);
          await expect(p.getByTestId('owner-edit-page')).toBeVisible();
          await expect(p.getByTestId('message-seller')).toBeHidden();
          await p.goto(postPath);
          await expect(p.getByTestId('owner-edit-post')).toBeVisible();
          await expect(p.getByTestId('message-author')).toBeHidden();
        });

        await test.step('Message buyer on the sale writes to the buyer about the order', async () => {
          await p.goto('/sales');
          await expectAccessible(p, '/sales with Message buyer');
          await p.getByTestId('sale-card').first().getByTestId('message-buyer').click();
          await expect(composer(p).getByLabel('Send to (username)')).toHaveValue(buyer.username);
          await expect(composer(p).getByLabel('Message', { exact: true })).toHaveValue(
            `About ${baseURL}/orders#order-card-${order._id}\n\n`,
          );
          await send(p, 'It ships tomorrow.');
        });
      } finally {
        await shop.close();
      }

      await test.step('the buyer’s count goes up; the order link opens the order', async () => {
        await page.goto('/all-posts');
        await expect(messagesLink(page)).toHaveAccessibleName('Messages, 1 unread');
        await messagesLink(page).click();
        await openConversation(page, 'Kiln Corner');
        const link = page.getByTestId('thread').getByTestId('message-text-link').last();
        await expect(link).toHaveAttribute('href', `/orders#order-card-${order._id}`);
        await expect(messagesLink(page)).toHaveAccessibleName('Messages');
        await link.click();
        await expect(page).toHaveURL(new RegExp(`/orders#order-card-${order._id}$`));
        await expect(page.locator(`#order-card-${order._id}`)).toBeInViewport();
      });
      await api.dispose();
    });
  });
}
