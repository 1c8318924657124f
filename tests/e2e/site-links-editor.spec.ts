import type { Page } from '@playwright/test';
import { sitesApi } from '../../src/shared/api/sites';
import type { MySiteLink, SiteLinkInput } from '../../src/shared/contracts/site-links';
import { expectAccessible } from './axe';
import { MAYA, apiLogin } from './catalog-support';
import { postsOf } from './site-support';
import { acceptCookies, apiClient, expect, okayModal, submitLogin, test } from './support';

// /edit-page "Links" end to end (issue 25), as the demo seller maya: a refused address shown by
// its field and fixed, a post link, reordering by keyboard (focus stays, the move is announced)
// and by drag, one link turned off, Save, and the saved order on reload and on the public page.
// Maya's own links are put back afterwards (other specs read her page).

/** A saved link as PUT /sites/links takes it back (window edges as instants). */
const asInput = (l: MySiteLink): SiteLinkInput => ({
  id: l._id,
  title: l.title,
  url: l.url,
  postId: l.postId,
  tag: l.tag,
  icon: l.iconChoice,
  enabled: l.enabled,
  featured: l.featured,
  social: l.social,
  showFrom: l.showFromAt,
  showUntil: l.showUntilAt,
});

const rowTitles = (page: Page) => page.getByTestId('link-row-title').allTextContents();
const row = (page: Page, title: string) =>
  page
    .getByTestId('link-row')
    .filter({ has: page.getByTestId('link-row-title').getByText(title, { exact: true }) });

test.beforeEach(async ({ context, baseURL }) => acceptCookies(context, baseURL));

test('edit, reorder and save the links; the page shows the live ones in that order', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const api = apiClient(request, { token: await apiLogin(request, MAYA) });
  const original = (await api.call(sitesApi.mySite, {})).links;
  const post = (await postsOf(request, 'maya')).at(-1)!;
  const status = page.getByTestId('links-status');

  try {
    await test.step('open /edit-page signed in: the links with status and clicks', async () => {
      await page.goto('/edit-page');
      await submitLogin(page, MAYA.email, MAYA.password);
      await expect(page).toHaveURL(/\/edit-page$/);
      await expect(page.getByTestId('link-row-title')).toHaveText(original.map((l) => l.title));
      await expect(row(page, 'Summer studio sale').getByTestId('link-row-status')).toHaveText(
        'Off',
      );
      await expect(
        row(page, 'Holiday market: find me at stall 12').getByTestId('link-row-status'),
      ).toHaveText('Scheduled');
      await expect(row(page, 'Instagram').getByTestId('link-row-status')).toHaveText('Live');
      await expect(row(page, 'Instagram').getByTestId('link-row-clicks')).toHaveText(
        /^\d[\d,]* clicks in 7 days · \d[\d,]* in 30 days$/,
      );
    });

    await test.step('a javascript: address is refused by its field, then fixed', async () => {
      await page.getByTestId('links-add').click();
      const added = page.getByTestId('link-row').last();
      await expect(added.getByLabel('Title', { exact: true })).toBeFocused();
      await added.getByLabel('Title', { exact: true }).fill('Shop');
      await added.getByLabel('Address', { exact: true }).fill('javascript:alert(1)');
      await page.getByTestId('links-save').click();
      const address = added.getByLabel('Address', { exact: true });
      await expect(address).toHaveAttribute('aria-invalid', 'true');
      await expect(address).toBeFocused();
      await expect(added.getByText(/not javascript: addresses/)).toBeVisible();
      await address.fill('https://shop.example.com');
      await expect(address).not.toHaveAttribute('aria-invalid', 'true');
      await expect(added.getByText(/not javascript: addresses/)).toHaveCount(0);
      await expect(page.getByTestId('links-preview')).toContainText('Shop');
    });

    await test.step('a link to one of my posts', async () => {
      await page.getByTestId('links-add').click();
      const added = page.getByTestId('link-row').last();
      await added.getByLabel('Title', { exact: true }).fill('Pick of the week');
      await added.getByLabel('One of my posts').check();
      await added.getByLabel('Post', { exact: true }).selectOption({ label: post.title });
      await expect(added.getByTestId('link-row-target')).toHaveText(`Post: ${post.title}`);
      await expect(page.getByTestId('links-preview')).toContainText('Pick of the week');
    });

    const count = original.length + 2;
    await test.step('Move up by keyboard: focus stays on the button, the move is announced', async () => {
      const moveUp = page.getByRole('button', { name: 'Move up “Shop”' });
      await moveUp.focus();
      await page.keyboard.press('Enter');
      await expect(status).toHaveText(`Moved “Shop” to position ${count - 2} of ${count}.`);
      await expect(moveUp).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(status).toHaveText(`Moved “Shop” to position ${count - 3} of ${count}.`);
      await expect(moveUp).toBeFocused();
      expect((await rowTitles(page))[count - 4]).toBe('Shop');
    });

    await test.step('drag the post link to the top', async () => {
      await row(page, 'Pick of the week')
        .getByTestId('link-drag-handle')
        .dragTo(page.getByTestId('link-row').first());
      await expect(status).toHaveText(`Moved “Pick of the week” to position 1 of ${count}.`);
      expect((await rowTitles(page))[0]).toBe('Pick of the week');
    });

    await test.step('turn one link off; the preview drops it', async () => {
      const kitchen = row(page, 'Everything for the kitchen');
      await kitchen.getByRole('button', { name: 'Edit “Everything for the kitchen”' }).click();
      await expectAccessible(page, '/edit-page with a link’s form open');
      await kitchen.getByRole('switch', { name: 'On' }).uncheck();
      await expect(kitchen.getByTestId('link-row-status')).toHaveText('Off');
      await expect(page.getByTestId('links-preview')).not.toContainText(
        'Everything for the kitchen',
      );
    });

    const order = await rowTitles(page);
    await test.step('Save: one notice, the new links get their counts', async () => {
      await page.getByTestId('links-save').click();
      await okayModal(page, 'Links saved.');
      await expect(status).toHaveText('Links saved.');
      await expect(row(page, 'Shop').getByTestId('link-row-clicks')).toHaveText(
        '0 clicks in 7 days · 0 in 30 days',
      );
      await expect(page.getByTestId('links-dirty')).toHaveText('');
    });

    await test.step('reload: the saved order', async () => {
      await page.reload();
      await expect(page.getByTestId('link-row-title')).toHaveText(order);
    });

    await test.step('visitors get the live links in that order, on /maya-x too', async () => {
      const hidden = [
        'Everything for the kitchen',
        'Summer studio sale',
        'Holiday market: find me at stall 12',
      ];
      const live = order.filter((t) => !hidden.includes(t));
      const shown = (await api.call(sitesApi.site, { query: { username: 'maya' } })).links;
      expect(shown.map((l) => l.title)).toEqual(live);
      // The links page lists them in order; the social ones are its row of icons instead.
      const social = new Set(shown.filter((l) => l.social).map((l) => l.title));
      await page.goto('/maya-x');
      await expect(
        page.locator('[data-testid="site-links"] a').locator('.site-link-title'),
      ).toHaveText(live.filter((t) => !social.has(t)));
    });
  } finally {
    await api.call(sitesApi.replaceLinks, { body: { links: original.map(asInput) } });
  }
});
