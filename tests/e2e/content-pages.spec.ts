import { COOKIE_NOTICE_TEXT } from '../../src/shared/constants';
import { PLANS } from '../../src/shared/plans';
import { expectAccessible } from './axe';
import { acceptCookies, expect, test } from './support';

// The content and landing pages (docs/decisions/036): each shows its own real content, the home
// page the demo's real sellers and posts, the guide its structured data; axe finds nothing.

const PAGES = [
  { path: '/', h1: 'Your link in bio, now a storefront.', testId: 'home-page' },
  { path: '/about', h1: /^About /, testId: 'about-page' },
  { path: '/careers', h1: /^Careers at /, testId: 'careers-page' },
  { path: '/terms', h1: 'Terms of service', testId: 'terms-page' },
  { path: '/privacy', h1: 'Privacy policy', testId: 'privacy-page' },
  {
    path: '/how-to-sell-used-pc-hardware-online',
    h1: 'How to sell used PC hardware online',
    testId: 'how-to-sell-page',
  },
  {
    path: '/index-landing',
    h1: 'Sell where your audience already is.',
    testId: 'index-landing-page',
  },
  { path: '/index-old', h1: 'One page. All your posts. Real checkout.', testId: 'index-old-page' },
  { path: '/landing-old', h1: 'From follower to buyer in two taps.', testId: 'landing-old-page' },
  { path: '/index-pc-hardwarebio', h1: /your old GPU/, testId: 'product-landing' },
  { path: '/thanks?from=contact', h1: /your message has been sent/, testId: 'thanks-page' },
] as const;

test.describe('content and landing pages', () => {
  test.describe('with cookies accepted', () => {
    test.beforeEach(async ({ context, baseURL }) => acceptCookies(context, baseURL));

    for (const { path, h1, testId } of PAGES) {
      test(`${path}: its own content, no axe violation`, async ({ page }) => {
        const res = await page.goto(path);
        expect(res?.status()).toBe(200);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(h1);
        await expect(page.getByTestId(testId)).toBeVisible();
        await expectAccessible(page, path);
      });
    }

    test('the home page features the demo sellers and their posts', async ({ page }) => {
      await page.goto('/');
      const sellers = page.getByTestId('featured-seller');
      await expect(sellers.filter({ hasText: 'Maya Chen' })).toBeVisible();
      await expect(sellers.filter({ hasText: 'Leo Park' })).toBeVisible();
      await expect(sellers.first()).toContainText(/\d+ posts?/);
      const popular = page.getByRole('region', { name: 'Popular right now' });
      await expect(popular.getByTestId('product-card').first()).toBeVisible();
      // Prices are formatted (currency, two decimals).
      await expect(popular.getByTestId('product-card').first()).toContainText(/\$\d[\d,]*\.\d{2}/);
      await sellers.filter({ hasText: 'Maya Chen' }).getByRole('link').click();
      await expect(page).toHaveURL(/\/maya$/);
    });

    test('the landing layout has Sign Up, Sign In and the social links', async ({ page }) => {
      for (const path of [
        '/index-landing',
        '/index-old',
        '/landing-old',
        '/index-pc-hardwarebio',
      ]) {
        await page.goto(path);
        await expect(page.getByTestId('landing-signup')).toBeVisible();
        await expect(page.getByTestId('landing-signin')).toBeVisible();
        await expect(page.getByTestId('social-links').getByRole('link')).not.toHaveCount(0);
      }
    });

    test('the classic landing page lists the plans from the plans table', async ({ page }) => {
      await page.goto('/index-old');
      const plans = page.getByTestId('plan-summary');
      for (const plan of Object.values(PLANS)) await expect(plans).toContainText(plan.name);
      await expect(plans).toContainText('$9.00 / month');
    });

    test('only configured products have a landing page', async ({ page, request }) => {
      await page.goto('/index-pc-hardwarebio');
      await expect(page.getByTestId('product-landing')).toHaveAttribute(
        'data-product',
        'pc-hardware',
      );
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
        'href',
        /\/index-pc-hardwarebio$/,
      );
      const res = await page.goto('/index-nonsensebio');
      expect(res?.status()).toBe(404);
      await expect(page.getByTestId('error-message')).toHaveText('This page could not be found');
      expect((await request.get('/index-pc-hardwarebio/anything')).status()).toBe(404);
    });

    test('the guide has a table of contents and valid Article, HowTo and breadcrumb data', async ({
      page,
    }) => {
      await page.goto('/how-to-sell-used-pc-hardware-online');
      const toc = page.getByTestId('guide-toc').getByRole('link');
      expect(await toc.count()).toBeGreaterThanOrEqual(8);
      await toc.filter({ hasText: 'Wipe drives properly' }).click();
      await expect(page).toHaveURL(/#wipe$/);
      await expect(page.locator('#wipe')).toBeInViewport();

      const blocks = await page
        .locator('script[type="application/ld+json"]')
        .evaluateAll((els) =>
          els.map((e) => JSON.parse(e.textContent ?? '') as Record<string, unknown>),
        );
      const byType = new Map(blocks.map((b) => [b['@type'], b]));
      const article = byType.get('Article')!;
      expect(article).toMatchObject({
        '@context': 'https://schema.org',
        headline: 'How to sell used PC hardware online',
        author: { '@type': 'Organization' },
        publisher: { '@type': 'Organization' },
      });
      expect(Date.parse(String(article.datePublished))).not.toBeNaN();
      expect(Date.parse(String(article.dateModified))).not.toBeNaN();
      expect(article.mainEntityOfPage).toMatchObject({
        '@id': expect.stringMatching(/\/how-to-sell-used-pc-hardware-online$/),
      });
      const steps = (byType.get('HowTo') as { step: { name: string; url: string }[] }).step;
      expect(steps.length).toBe(await toc.count());
      expect(steps[1]).toMatchObject({
        name: 'Wipe drives properly',
        url: expect.stringMatching(/#wipe$/),
      });
      expect(byType.get('BreadcrumbList')).toBeTruthy();
      await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article');
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
        'href',
        /\/how-to-sell-used-pc-hardware-online$/,
      );
    });

    test('the privacy page lists the cookies; the terms state the fees', async ({ page }) => {
      await page.goto('/privacy#cookies');
      const cookies = page.getByTestId('cookie-table');
      for (const name of ['token', 'refreshToken', 'cookieConsent'])
        await expect(cookies.getByRole('rowheader', { name, exact: true })).toBeVisible();
      await expect(page.locator('[data-privacy-section]')).not.toHaveCount(0);
      await page.goto('/terms');
      await expect(page.getByTestId('terms-fees')).toContainText(
        'a platform fee of 5% of each sale',
      );
      await expect(
        page.getByRole('heading', { name: '5. What you may not sell or post' }),
      ).toBeVisible();
    });

    test('/404 and unknown paths answer 404 with the SPEC message and a link home', async ({
      page,
    }) => {
      for (const path of ['/404', '/no/such/page']) {
        const res = await page.goto(path);
        expect(res?.status()).toBe(404);
        await expect(page.getByTestId('error-message')).toHaveText('This page could not be found');
        await expect(page.getByTestId('error-home-link')).toHaveAttribute('href', '/');
      }
      await expectAccessible(page, '404');
    });
  });

  test('the cookie notice keeps its text and says which cookies there are', async ({ page }) => {
    await page.goto('/about');
    const notice = page.getByTestId('cookie-notice');
    await expect(notice).toContainText(COOKIE_NOTICE_TEXT);
    await expect(page.getByTestId('cookie-notice-detail')).toHaveText(
      'Only the ones it needs to run; no tracking.',
    );
    await expectAccessible(page, 'cookie notice');
    await notice.getByRole('link', { name: 'About our cookies' }).click();
    await expect(page).toHaveURL(/\/privacy#cookies$/);
    await expect(page.getByRole('heading', { name: 'Cookies and browser storage' })).toBeVisible();
  });
});
