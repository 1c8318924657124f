import { COOKIE_NOTICE_TEXT } from '../../src/shared/constants';
import { expectAccessible } from './axe';
import { expect, test } from './support';

// Issue 24 §8: the cookie notice is a slim bar at the bottom (at most ~120px on a 390px phone),
// with the spec's text and one "OK" (no consent asked for strictly necessary cookies), and once
// dismissed it is neither rendered by the server nor shown again.

const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1366, height: 900 },
];

for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });

    test('a first visit from a bio link gets a slim bar with one OK, gone for good once dismissed', async ({
      page,
      context,
    }) => {
      // A seller's page: where a visitor from a social bio lands first.
      await page.goto('/maya');
      const notice = page.getByTestId('cookie-notice');
      await expect(notice).toBeVisible();
      await expect(notice).toContainText(COOKIE_NOTICE_TEXT);
      const box = (await notice.boundingBox())!;
      expect(box.height).toBeLessThanOrEqual(viewport.width <= 390 ? 120 : 80);
      expect(Math.round(box.y + box.height)).toBe(viewport.height);
      // One button, "OK"; nothing asks to allow or accept cookies.
      await expect(notice.getByRole('button')).toHaveText(['OK']);
      await expect(notice).not.toContainText(/allow cookies|accept/i);
      await expectAccessible(page, `/maya with the cookie notice (${viewport.width}px)`);
      // Focus stays clear of it (WCAG 2.4.11) and the page's end can scroll above it: its measured
      // height is the page's scroll padding (plus room for the focus ring) and the spacer's, set on
      // those two, not as a variable every element inherits (docs/decisions/086).
      const room = () =>
        page.evaluate(() => {
          const html = document.documentElement;
          const spacer = document.querySelector('[data-testid="cookie-notice"]')
            ?.previousElementSibling as HTMLElement | null;
          return {
            scrollPadding: getComputedStyle(html).scrollPaddingBottom,
            spacer: spacer ? spacer.getBoundingClientRect().height : null,
            variables: [...html.style].filter((name) => name.startsWith('--')),
          };
        });
      const height = Math.ceil(box.height);
      await expect
        .poll(room)
        .toEqual({ scrollPadding: `${height + 8}px`, spacer: height, variables: [] });

      await notice.getByRole('button', { name: 'OK' }).click();
      await expect(notice).toHaveCount(0);
      expect(await page.evaluate(() => document.documentElement.style.scrollPaddingBottom)).toBe(
        '',
      );
      // Remembered in the cookie (for the server) and in localStorage (for other tabs).
      expect((await context.cookies()).find((c) => c.name === 'cookieConsent')?.value).toBe('1');
      expect(await page.evaluate(() => localStorage.getItem('cookie-consent'))).toBe('1');

      // After a reload and on another page, the server leaves it out: no flash before hydration.
      for (const path of ['/maya', '/']) {
        const response = await page.goto(path);
        expect(await response!.text()).not.toContain('data-testid="cookie-notice"');
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.getByTestId('cookie-notice')).toHaveCount(0);
      }
      await page.reload();
      await expect(page.getByTestId('cookie-notice')).toHaveCount(0);
    });
  });
}
