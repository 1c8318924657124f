import type { Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { acceptCookies, expect, test } from './support';

// Issue 24 §4, people in search (docs/decisions/059): the demo sellers are found by username and
// display name, as a "People" group above the posts on /search-results and in the header's
// suggestions; each person links to their page.

const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1366, height: 900 },
];

test.beforeEach(async ({ context, baseURL }) => acceptCookies(context, baseURL));

const people = (page: Page) => page.getByTestId('search-people').getByTestId('person-result');

for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });
    // Several pages, the suggestions' round trips and two axe runs each: the slow-test time.
    test.slow();

    test('"maya" and "Leo Park" find the sellers first, above the posts', async ({ page }) => {
      await page.goto('/search-results?q=maya');
      const maya = people(page).first();
      await expect(maya).toContainText('Maya Chen');
      await expect(maya).toContainText('@maya');
      await expect(maya).toHaveAttribute('href', '/maya');
      // The people group comes before the posts.
      const group = page.getByRole('heading', { name: 'People' });
      await expect(group).toBeVisible();
      await expectAccessible(page, `/search-results?q=maya (${viewport.width}px)`);

      await page.goto('/search-results?q=Leo%20Park');
      await expect(people(page).first()).toContainText('Leo Park');
      await expect(people(page).first()).toHaveAttribute('href', '/leo');
      await people(page).first().click();
      await expect(page).toHaveURL(/\/leo$/);

      await page.goto('/search-results?q=qqzzxxnobodyatall');
      await expect(page.getByTestId('search-no-results')).toHaveText(
        'No results for “qqzzxxnobodyatall”',
      );
      await expect(page.getByTestId('search-people')).toHaveCount(0);
    });

    test('the header suggests the person as you type; the keyboard opens their page', async ({
      page,
    }) => {
      await page.goto('/all-posts');
      const box = page.getByRole('combobox', { name: 'Search posts, people and tags' });
      const options = page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option');
      // Typing before the page has hydrated asks for nothing: type again until it has.
      await expect(async () => {
        await box.fill('');
        await box.fill('maya');
        await expect(options.first()).toContainText('Maya Chen', { timeout: 3000 });
      }).toPass();
      await expect(box).toHaveAttribute('aria-expanded', 'true');
      await expect(
        page.getByRole('group', { name: 'People' }).getByRole('option').first(),
      ).toContainText('@maya');
      await expectAccessible(page, `header suggestions for maya (${viewport.width}px)`);

      await box.press('ArrowDown');
      await expect(options.first()).toHaveAttribute('aria-selected', 'true');
      await expect(box).toHaveAttribute('aria-activedescendant', /header-search-option-person-/);
      await box.press('Escape');
      await expect(box).toHaveAttribute('aria-expanded', 'false');
      await box.press('ArrowDown');
      await expect(options.first()).toHaveAttribute('aria-selected', 'true');
      await box.press('Enter');
      await expect(page).toHaveURL(/\/maya$/);
    });
  });
}
