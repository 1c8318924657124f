import { MESSAGES } from '../../src/shared/messages';
import { expectAccessible } from './axe';
import { DEMO_PASSWORD, acceptCookies, expect, okayModal, submitLogin, test } from './support';

// Issue 13 "Done when": generate an image into a post. The seller maya (Business plan in the demo, the offline
// generator: no OPENAI_API_KEY in the e2e server) asks for two pictures in the post editor,
// picks one, publishes, and the post page shows it with its "AI generated" badge.

test.beforeEach(async ({ context, baseURL }) => acceptCookies(context, baseURL));

test('a seller generates an image into a post, which shows it as AI generated', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const title = `Refurbished gaming PC ${Date.now().toString(36)}`;
  const prompt = 'neon gaming PC on a wooden desk';

  await page.goto('/login');
  await submitLogin(page, 'maya', DEMO_PASSWORD);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/add-edit-item');
  const editor = page.getByTestId('post-editor');
  await editor.getByLabel('Title', { exact: true }).fill(title);
  await editor.getByLabel('Price', { exact: true }).fill('420');

  const dialog = page.getByTestId('ai-dialog');
  await test.step('generate two pictures in the dialog', async () => {
    await editor.getByRole('button', { name: 'Generate image' }).click();
    await expect(dialog.getByRole('heading', { name: 'Generate an image' })).toBeVisible();
    await expect(dialog.getByTestId('ai-notice')).toContainText('offline generator');
    await expect(dialog.getByTestId('ai-allowance')).toContainText('pictures left this month');
    await expect(dialog.getByRole('button', { name: 'Add to post' })).toBeDisabled();

    await dialog.getByLabel('What should the picture show?').fill('ab');
    await dialog.getByRole('button', { name: 'Generate' }).click();
    await expect(dialog.getByTestId('ai-error')).toHaveText(
      'Describe the picture in at least 3 characters.',
    );

    await dialog.getByLabel('What should the picture show?').fill(prompt);
    await dialog.getByLabel('How many pictures').selectOption('2');
    await dialog.getByRole('button', { name: 'Generate' }).click();
    const pictures = dialog.getByRole('radio');
    await expect(pictures).toHaveCount(2, { timeout: 30_000 });
    await expect(dialog.getByRole('img', { name: `Picture 1 of 2 for “${prompt}”` })).toBeVisible();
    await expect(dialog.getByRole('img', { name: `Picture 2 of 2 for “${prompt}”` })).toBeVisible();
    await expect(dialog.getByTestId('ai-error')).toHaveText('');
  });

  await test.step('the editor with the dialog open passes axe', async () => {
    await expectAccessible(page, 'post editor with the Generate image dialog');
  });

  await test.step('pick the second picture: the post is saved as a draft and gets it', async () => {
    await dialog.getByText('Picture 2', { exact: true }).click();
    await expect(dialog.getByRole('radio').nth(1)).toBeChecked();
    await dialog.getByRole('button', { name: 'Add to post' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('media-saved')).toHaveText(
      `${MESSAGES.mediaSaved} The generated picture was added to the post.`,
    );
    await expect(page).toHaveURL(/\/add-edit-item\/[0-9a-f-]{36}$/);
    const item = page.getByTestId('media-item');
    await expect(item).toHaveCount(1);
    await expect(item.getByTestId('ai-badge')).toHaveText('AI generated');
    await expect(page.getByLabel('Photo 1: description (alt text)')).toHaveValue(
      `Abstract AI-generated picture for “${prompt}”`,
    );
  });

  await test.step('publish: the post page shows the picture with its badge', async () => {
    const postId = page.url().split('/').pop() ?? '';
    await editor.getByRole('button', { name: 'Publish' }).click();
    await okayModal(page, MESSAGES.postSaved);
    await page.goto(`/items/${postId}`);
    const gallery = page.getByTestId('post-gallery');
    const picture = gallery.getByRole('img', {
      name: `Abstract AI-generated picture for “${prompt}”`,
    });
    await expect(picture).toBeVisible();
    // A real image, decoded by the browser.
    expect(await picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await expect(gallery.getByTestId('ai-badge')).toHaveText('AI generated');
    await expect(gallery.getByTestId('ai-badge')).toBeVisible();
  });
});
