import type { APIRequestContext, Page } from '@playwright/test';
import sharp from 'sharp';
import { accountsApi } from '../../src/shared/api/accounts';
import { catalogApi } from '../../src/shared/api/catalog';
import { MESSAGES } from '../../src/shared/messages';
import { postSlug } from '../../src/shared/post-path';
import {
  DEMO_PASSWORD,
  acceptCookies,
  apiClient,
  expect,
  modal,
  okayModal,
  submitLogin,
  test,
  waitForLink,
} from './support';

// The whole life of a post through the editor (issue 9 "Done when"): a fresh seller creates a
// post with two images (a progress bar each), describes and reorders them, publishes, finds the
// post on /all-posts, by its tag and by a misspelt search, edits its price and deletes it.

test.beforeEach(async ({ context, baseURL }) => acceptCookies(context, baseURL));

/** Registers and activates a new seller through the API and the outbox, then logs in. */
async function freshSeller(page: Page, request: APIRequestContext): Promise<string> {
  const username = `ed${Date.now().toString(36)}`;
  const email = `${username}@example.test`;
  const password = 'editor pass 123';
  const api = apiClient(request);
  await api.call(accountsApi.register, {
    body: { username, name: 'Editor Tester', email, password, accountType: 'seller' },
  });
  const link = await waitForLink(email, /\/users\/activate-account\?token=/);
  const token = new URL(link).searchParams.get('token') ?? '';
  await api.call(accountsApi.activateAccount, { query: { token } });
  await page.goto('/login');
  await submitLogin(page, username, password);
  await expect(page).toHaveURL(/\/edit-profile$/);
  return username;
}

const image = (width: number, height: number, colour: string, format: 'png' | 'jpeg') =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .toFormat(format)
    .toBuffer();

test('a seller creates a post with two images, publishes, finds, edits and deletes it', async ({
  page,
  request,
  context,
}) => {
  test.setTimeout(150_000);
  const seller = await freshSeller(page, request);
  const suffix = Date.now().toString(36);
  const title = `Walnut marquetry lamp ${suffix}`;
  const tag = `lamps${suffix}`;
  const editor = page.getByTestId('post-editor');
  let postId = '';

  await test.step('fill in the post', async () => {
    await page.goto('/add-edit-item');
    await expect(page.getByTestId('post-status')).toContainText('New post');
    await editor.getByLabel('Title', { exact: true }).fill(title);
    await editor.getByLabel('Description', { exact: true }).fill('Inlaid walnut, 40 cm tall.');
    await editor.getByLabel('Price', { exact: true }).fill('49.5');
    await expect(page.getByTestId('post-price-formatted')).toHaveText('Buyers see: $49.50');
    await editor.getByLabel('Shipping cost', { exact: true }).fill('5');
    const tags = editor.getByLabel('Tags', { exact: true });
    await tags.fill(tag);
    await tags.press('Enter');
    await expect(editor.getByTestId('tag-chip')).toHaveText([tag]);

    await editor.getByRole('button', { name: 'Add a variation' }).click();
    const variation = editor.getByTestId('variation');
    await expect(variation.getByLabel('Name', { exact: true })).toBeFocused();
    await page.keyboard.type('Size');
    await variation.getByLabel('Option 1', { exact: true }).fill('Small');
    await variation.getByRole('button', { name: 'Add option to Size' }).click();
    await expect(variation.getByLabel('Option 2', { exact: true })).toBeFocused();
    await page.keyboard.type('Large');
    await variation.getByLabel('Price change').nth(1).fill('10');
    await expect(page.getByTestId('post-variations-0-options-1-priceDelta-formatted')).toHaveText(
      'Buyers see: +$10.00',
    );
  });

  await test.step('add two images: saved as a draft first, a progress bar each', async () => {
    // Hold the bytes at the storage until both bars have been seen.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/media-upload/**', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByTestId('media-input').setInputFiles([
      { name: 'front.png', mimeType: 'image/png', buffer: await image(64, 48, '#b45309', 'png') },
      { name: 'side.jpg', mimeType: 'image/jpeg', buffer: await image(48, 64, '#1d4ed8', 'jpeg') },
    ]);
    await expect(page.getByTestId('upload-progress')).toHaveCount(2);
    await expect(page.getByRole('img', { name: 'Preview of front.png' })).toBeVisible();
    await expect(page).toHaveURL(/\/add-edit-item\/[0-9a-f-]{36}$/);
    postId = page.url().split('/').pop() ?? '';
    await expect(page.getByTestId('post-status')).toContainText('Draft');
    release();
    // One notice for the batch, in the media list: no modal between the seller and Publish.
    await expect(page.getByTestId('media-saved')).toHaveText(
      `${MESSAGES.mediaSaved} 2 files added to the post.`,
    );
    await expect(modal(page)).toHaveCount(0);
    await page.unroute('**/media-upload/**');
    await expect(page.getByTestId('upload-item')).toHaveCount(0);
    await expect(page.getByTestId('media-item')).toHaveCount(2);
  });

  await test.step('describe both images and move the second first, by keyboard', async () => {
    await page.getByLabel('Photo 1: description (alt text)').fill('Lamp from the front');
    await page.getByLabel('Photo 2: description (alt text)').fill('Lamp from the side');
    await expect(page.getByTestId('post-unsaved')).toBeVisible();
    await page.getByRole('button', { name: 'Move up: Photo 2' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('media-announcement')).toHaveText(
      'Lamp from the side moved to position 1 of 2.',
    );
    // The moved item reached the top: focus is on its other button.
    await expect(page.getByRole('button', { name: 'Move down: Photo 1' })).toBeFocused();
    await expect(page.getByLabel('Photo 1: description (alt text)')).toHaveValue(
      'Lamp from the side',
    );
  });

  await test.step('leaving with unsaved changes asks first', async () => {
    await editor.getByRole('link', { name: 'Back to My Posts' }).click();
    await expect(modal(page)).toContainText(MESSAGES.unsavedPostChanges);
    await modal(page).getByRole('button', { name: 'Nope' }).click();
    await expect(page).toHaveURL(new RegExp(`/add-edit-item/${postId}$`));
    await expect(page.getByTestId('post-unsaved')).toBeVisible();
  });

  await test.step('the live preview shows the post, and says it is a preview', async () => {
    const [preview] = await Promise.all([
      context.waitForEvent('page'),
      page.getByTestId('post-preview-link').click(),
    ]);
    await expect(preview.getByTestId('preview-banner')).toContainText('Preview only');
    await expect(preview.getByTestId('post-title')).toHaveText(title);
    await expect(preview.getByTestId('post-price')).toContainText('$49.50');
    await page.getByLabel('Title', { exact: true }).fill(`${title}!`);
    await expect(preview.getByTestId('post-title')).toHaveText(`${title}!`);
    await page.getByLabel('Title', { exact: true }).fill(title);
    await preview.close();
  });

  await test.step('publish: "Post saved!" leads on to the live post and its link', async () => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await editor.getByRole('button', { name: 'Publish' }).click();
    await expect(modal(page)).toContainText(MESSAGES.postSaved);
    await expect(page.getByTestId('post-status')).toContainText('Published');
    await expect(page.getByTestId('post-unsaved')).toHaveCount(0);
    await modal(page).getByRole('button', { name: 'Copy link' }).click();
    await expect(modal(page).getByTestId('modal-status')).toHaveText('Link copied.');
    // The post's address: its title as a slug and its short id (docs/decisions/062).
    const { path } = (
      await apiClient(page.request).call(catalogApi.product, { params: { id: postId } })
    ).product;
    expect(path).toBe(`/${seller}/${postSlug(title)}-${path.slice(-12)}`);
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(new URL(path, page.url()).href);
    await modal(page).getByRole('link', { name: 'View post' }).click();
    await expect(page).toHaveURL(new URL(path, page.url()).href);
    await expect(page.getByTestId('post-title')).toHaveText(title);
    await expect(modal(page)).toHaveCount(0);
  });

  await test.step('the order and alt texts are saved', async () => {
    await page.goto(`/add-edit-item/${postId}`);
    await expect(page.getByLabel('Photo 1: description (alt text)')).toHaveValue(
      'Lamp from the side',
    );
    await expect(page.getByRole('img', { name: 'Lamp from the front' })).toBeVisible();
  });

  const card = page.getByTestId('product-card').filter({ hasText: title });

  await test.step('find it on /all-posts, by its tag and by a misspelt search', async () => {
    await page.goto('/all-posts');
    await expect(card).toBeVisible();
    await page.goto(`/products/tags/${tag}`);
    await expect(card).toBeVisible();
    const search = page
      .getByTestId('header-search')
      .getByRole('combobox', { name: 'Search posts, people and tags' });
    await search.fill('walnut marqetry');
    await search.press('Enter');
    await expect(page).toHaveURL(/\/search-results\?q=walnut\+marqetry/);
    await expect(card).toBeVisible();
  });

  await test.step('edit its price', async () => {
    await page.goto(`/add-edit-item/${postId}`);
    await editor.getByLabel('Price', { exact: true }).fill('45');
    await editor.getByRole('button', { name: 'Save changes' }).click();
    await okayModal(page, MESSAGES.postSaved);
    await page.goto(`/items/${postId}`);
    await expect(page.getByTestId('post-price')).toContainText('$45.00');
  });

  await test.step('delete it after the confirm', async () => {
    await page.goto(`/add-edit-item/${postId}`);
    await page.getByTestId('post-delete').click();
    await expect(modal(page)).toContainText(MESSAGES.confirmIrreversible);
    await modal(page).getByRole('button', { name: 'Okay' }).click();
    await expect(page).toHaveURL(/\/my-posts$/);
    await modal(page).getByRole('button', { name: 'Okay' }).click();
    const gone = await page.goto(`/items/${postId}`);
    expect(gone?.status()).toBe(404);
  });
});

test('files are checked before uploading, and a post needs a title before its files', async ({
  page,
}) => {
  await page.goto('/login');
  await submitLogin(page, 'maya@demo.storefront.test', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/edit-profile$/);
  await page.goto('/add-edit-item');
  const input = page.getByTestId('media-input');
  await input.setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('hello'),
  });
  await expect(page.getByTestId('media-errors')).toContainText('is not a file we can add');

  await input.setInputFiles({
    name: 'front.png',
    mimeType: 'image/png',
    buffer: await image(20, 20, '#000000', 'png'),
  });
  await expect(page.getByTestId('media-errors')).toContainText('Give the post a title');
  await expect(page.getByLabel('Title', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('post-error-summary')).toBeVisible();

  // Typed but unsaved: leaving asks, and Okay leaves.
  await page.getByLabel('Title', { exact: true }).fill('Half-written');
  await page.getByRole('link', { name: 'Back to My Posts' }).click();
  await expect(modal(page)).toContainText(MESSAGES.unsavedPostChanges);
  await modal(page).getByRole('button', { name: 'Okay' }).click();
  await expect(page).toHaveURL(/\/my-posts$/);

  // Closing the tab with unsaved changes gets the browser's own prompt (beforeunload).
  await page.goto('/add-edit-item');
  await page.getByLabel('Title', { exact: true }).click();
  await page.keyboard.type('Typed, not saved');
  await expect(page.getByTestId('post-unsaved')).toBeVisible();
  const prompt = page.waitForEvent('dialog');
  await page.close({ runBeforeUnload: true });
  const dialog = await prompt;
  expect(dialog.type()).toBe('beforeunload');
  await dialog.accept();
});
