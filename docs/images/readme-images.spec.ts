import path from 'node:path';
import type { Page } from '@playwright/test';
import { MESSAGES } from '../../src/shared/messages';
import { MAYA, apiContext, apiLogin, createPost } from '../../tests/e2e/catalog-support';
import {
  addToCart,
  fillCard,
  savedAddress,
  sellerAndBuyer,
  signedIn,
} from '../../tests/e2e/commerce-support';
import { pageRuns } from '../../tests/e2e/keyboard-support';
import { hydrated } from '../../tests/e2e/site-support';
import { acceptCookies, expect, modal, test } from '../../tests/e2e/support';

// The README's images: each is taken once what it shows is on screen (the same checks as the
// end-to-end tests that own the behaviour), at a phone's size.

const PHONE = { width: 390, height: 844 };
const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(import.meta.dirname, `${name}.png`) });

test.beforeEach(async ({ context, baseURL }) => acceptCookies(context, baseURL));

test('a themed seller page with its Message button', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto('/maya');
  await hydrated(page);
  await expect(page.getByRole('link', { name: /^Message/ }).first()).toBeVisible();
  await shot(page, 'seller-page');
});

test('a declined card, shown by Pay', async ({ browser, playwright, baseURL }) => {
  const api = await apiContext(playwright, baseURL);
  const { post, buyer } = await sellerAndBuyer(
    api,
    { title: 'Speckled stoneware teapot', price: 38, stock: 4 },
    'Ada Buyer',
  );
  await savedAddress(api, buyer.token);
  const { page, close } = await signedIn(browser, baseURL, buyer);
  try {
    await page.setViewportSize(PHONE);
    await addToCart(page, post);
    await page.getByTestId('cart-link').click();
    await page.getByTestId('cart-continue').click();
    await page.getByTestId('address-continue').click();
    await page.getByTestId('place-order').click();
    await fillCard(page, '4000 0000 0000 0002');
    await page.getByTestId('card-pay').click();
    await expect(page.getByTestId('payment-error')).toBeInViewport({ ratio: 1 });
    await shot(page, 'payment-declined');
  } finally {
    await close();
  }
});

test('publishing: "Post saved!" with View post and Copy link', async ({
  browser,
  playwright,
  baseURL,
}) => {
  const api = await apiContext(playwright, baseURL);
  const token = await apiLogin(api, MAYA);
  const draft = await createPost(api, token, {
    status: 'draft',
    title: 'Ash serving board',
    description: 'Oiled with linseed, a hole to hang it by.',
    price: 42,
    shippingCost: 6,
    _tags: [],
    variations: [],
    stock: 3,
  });
  const { page, close } = await signedIn(browser, baseURL, MAYA);
  try {
    await page.setViewportSize(PHONE);
    await page.goto(`/add-edit-item/${draft._id}`);
    await pageRuns(page);
    await page.getByRole('button', { name: 'Publish' }).click();
    await expect(modal(page)).toContainText(MESSAGES.postSaved);
    await expect(modal(page).getByRole('link', { name: 'View post' })).toBeVisible();
    await shot(page, 'post-saved');
  } finally {
    await close();
  }
});
