import type { Page } from '@playwright/test';
import { commentsApi } from '../../src/shared/api/comments';
import { expectAccessible } from './axe';
import { MAYA, apiLogin, createPost } from './catalog-support';
import { registerMember, signedIn } from './commerce-support';
import { acceptCookies, apiClient, expect, test } from './support';

// Issue 24 §5 "One voice", at phone and desktop size: "Log in" and "Sign up" in every header, menu
// and title; the signed-out menu's four entries; /comments opening on what waits for review;
// /pricing and /plan-selection marking the member's plan and offering only real changes.

const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1366, height: 900 },
];

/** The words issue 24 retires from the interface (case-sensitive: "Sign up free" stays). */
const OTHER_VOICES = /\bSign In\b|\bSign Up\b|\bSign in\b|\bRegister\b/;

async function openMenu(page: Page) {
  await page.getByTestId('side-menu-button').click();
  const menu = page.getByTestId('side-menu');
  await expect(menu).toBeVisible();
  return menu;
}

for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });

    test('signed out: Log in and Sign up on every header, in the menu and on /login', async ({
      page,
      context,
      baseURL,
    }) => {
      await acceptCookies(context, baseURL);
      // The home page (Landing layout) and a default-layout page speak the same words.
      await page.goto('/');
      await expect(page.getByTestId('landing-signin')).toHaveText('Log in');
      await expect(page.getByTestId('landing-signup')).toHaveText('Sign up');
      await expect(page.locator('body')).not.toContainText(OTHER_VOICES);

      await page.goto('/about');
      await expect(page.getByTestId('login-link')).toHaveText('Log in');
      await expect(page.getByTestId('signup-link')).toHaveText('Sign up');
      const menu = await openMenu(page);
      await expect(
        menu.getByRole('navigation', { name: 'Main menu' }).getByRole('link'),
      ).toHaveText(['Marketplace', 'Pricing', 'Log in', 'Sign up']);
      await expect(menu).not.toContainText(OTHER_VOICES);
      await expectAccessible(page, `/about, menu open (signed out, ${viewport.width}px)`);
      await menu.getByRole('link', { name: 'Pricing', exact: true }).click();
      await expect(page).toHaveURL(/\/pricing$/);
      await expect(menu).toBeHidden();
      // A visitor is offered every plan.
      await expect(page.getByTestId('choose-business')).toBeVisible();
      await expect(page.getByTestId('plan-current')).toHaveCount(0);

      await page.goto('/login');
      await expect(page).toHaveTitle(/^Log in\b/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Log in');
      await page.getByTestId('switch-to-register').click();
      await expect(page).toHaveURL(/\/login\?action=register/);
      await expect(page).toHaveTitle(/^Sign up\b/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign up');
      await expect(page.getByRole('form', { name: 'Sign up' })).toBeVisible();
      await expect(page.getByTestId('register-submit')).toHaveText('Sign up');
      await expect(page.locator('body')).not.toContainText(OTHER_VOICES);
      await expectAccessible(page, `/login?action=register (${viewport.width}px)`);
    });

    test('/comments opens on "To review" while a comment waits, else on "My comments"', async ({
      browser,
      baseURL,
      request,
    }) => {
      test.slow();
      // A new member has nothing to review: their own comments first.
      const member = await registerMember(request, 'Tab Tester', 'both');
      const visitor = await signedIn(browser, baseURL, member);
      const maya = await signedIn(browser, baseURL, MAYA);
      try {
        const { page } = visitor;
        await page.goto('/comments');
        await expect(page.getByTestId('comments-tab-mine')).toHaveAttribute('aria-current', 'page');
        await expect(page.getByTestId('comments-tab-review')).toHaveText('To review (0)');
        // The signed-in menu keeps the spec's entries, without the visitor's.
        const menu = await openMenu(page);
        const links = menu.getByRole('navigation', { name: 'Main menu' }).getByRole('link');
        await expect(links.filter({ hasText: 'My Posts' })).toHaveCount(1);
        await expect(links.filter({ hasText: 'Comments' })).toHaveCount(1);
        await expect(
          links.filter({ hasText: /^(Marketplace|Pricing|Log in|Sign up)$/ }),
        ).toHaveCount(0);
        await page.keyboard.press('Escape');

        // The member comments on maya's new post: it waits for her review.
        const mayaToken = await apiLogin(maya.page.request, MAYA);
        const post = await createPost(maya.page.request, mayaToken, {
          title: 'Glazed tea bowl',
          description: 'Fits two hands.',
          price: 24,
          shippingCost: 5,
          _tags: [],
          variations: [],
          stock: 1,
        });
        const question = `Does it come boxed? (${member.username})`;
        await apiClient(page.request, { token: member.token }).call(commentsApi.createComment, {
          body: { comment: { productId: post._id, text: question } },
        });
        await maya.page.goto('/comments');
        await expect(maya.page.getByTestId('comments-tab-review')).toHaveAttribute(
          'aria-current',
          'page',
        );
        await expect(
          maya.page.getByTestId('comment-card').filter({ hasText: question }),
        ).toBeVisible();
        await expectAccessible(maya.page, `/comments opening on To review (${viewport.width}px)`);
        // "My comments" stays one click away, by its own address.
        await maya.page.getByTestId('comments-tab-mine').click();
        await expect(maya.page).toHaveURL(/\/comments\?tab=mine$/);
        await expect(maya.page.getByTestId('comments-tab-mine')).toHaveAttribute(
          'aria-current',
          'page',
        );
      } finally {
        await Promise.all([visitor.close(), maya.close()]);
      }
    });

    test('/pricing and /plan-selection mark the current plan and offer no self-change', async ({
      browser,
      baseURL,
    }) => {
      // Maya is on Business, renewing monthly (the demo seed).
      const { page, close } = await signedIn(browser, baseURL, MAYA);
      try {
        for (const path of ['/pricing', '/pricing?billing=year', '/plan-selection']) {
          await page.goto(path);
          const business = page.getByTestId('plan-business');
          await expect(business.getByTestId('plan-current')).toHaveText('Current plan');
          await expect(page.getByTestId('plan-current')).toHaveCount(1);
          // No "Choose Business" to a member on Business, nor another paid plan while it renews.
          await expect(page.getByRole('link', { name: /^Choose / })).toHaveCount(0);
          await expect(
            page.getByTestId('plan-creator').getByTestId('plan-after-period'),
          ).toBeVisible();
          // The one real change: back to the free plan, where her plan's section offers it.
          await expect(page.getByTestId('switch-free')).toHaveAttribute(
            'href',
            '/plan-selection#current-plan',
          );
          await expectAccessible(page, `${path} on Business (${viewport.width}px)`);
        }
        await page.goto('/pricing');
        await page.getByTestId('switch-free').click();
        await expect(page).toHaveURL(/\/plan-selection#current-plan$/);
        await expect(page.getByTestId('switch-to-free')).toBeVisible();
      } finally {
        await close();
      }
    });
  });
}
