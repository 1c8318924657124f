import sharp from 'sharp';
import { MESSAGES } from '../../src/shared/messages';
import {
  CART_LINES,
  DEMO_PASSWORD,
  acceptCookies,
  expect,
  openCheckoutWithCart,
  submitLogin,
  test,
} from './support';
import { ADMIN, MAYA, apiContext, apiLogin, createPost } from './catalog-support';
import { expectAccessible } from './axe';

// WCAG 2.2 AA (the product's promise): axe on the key pages in their real states. Logs in once
// (login is rate limited per address, and the other specs sign in several times already).

test.describe('accessibility (axe, WCAG 2.2 AA)', () => {
  test('the landing page, with the cookie notice', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByTestId('cookie-notice')).toBeVisible();
    await expectAccessible(page, '/ (cookie notice shown)');
  });

  test.describe('with cookies accepted', () => {
    test.beforeEach(async ({ context, baseURL }) => acceptCookies(context, baseURL));

    for (const [path, state] of [
      ['/', 'landing'],
      ['/about', 'about'],
      ['/all-posts', 'all posts'],
      ['/login', 'log in'],
      ['/reset-password', 'reset password'],
      ['/logout', 'sign-out confirmation'],
    ] as const) {
      test(`${path} (${state})`, async ({ page }) => {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expectAccessible(page, path);
      });
    }

    test('/login?action=register, empty and with field errors', async ({ page }) => {
      await page.goto('/login?action=register');
      const form = page.getByTestId('register-form');
      await expect(form).toBeVisible();
      await expectAccessible(page, 'register form');
      await form.getByRole('button', { name: 'Sign up' }).click();
      await expect(form.getByLabel('Username')).toHaveAttribute('aria-invalid', 'true');
      await expectAccessible(page, 'register form with field errors');
    });

    test("/maya and /leo: users' sites in their sellers' colours", async ({ page }) => {
      await page.goto('/maya');
      await expect(page.getByTestId('user-site-home')).toBeVisible();
      await expectAccessible(page, '/maya');
      // Axe does not measure focus rings: on the seller's header it takes the header's text colour.
      await page.keyboard.press('Tab'); // the skip link
      await page.keyboard.press('Tab');
      const menuButton = page.getByTestId('side-menu-button');
      await expect(menuButton).toBeFocused();
      await expect(menuButton).toHaveCSS('outline-color', 'rgb(255, 247, 237)'); // #fff7ed

      await page.goto('/leo');
      await expect(page.getByTestId('user-site-home')).toBeVisible();
      await expectAccessible(page, '/leo');
    });

    test('the 404 pages', async ({ page }) => {
      await page.goto('/this/path/does/not/exist');
      await expect(page.getByTestId('error-page')).toBeVisible();
      await expectAccessible(page, '404 (unknown path)');
      await page.goto('/no-such-seller-here');
      await expect(page.getByTestId('error-page')).toBeVisible();
      await expectAccessible(page, '404 (unknown username)');
    });

    test('/checkout with an item, then the confirm modal', async ({ page }) => {
      await openCheckoutWithCart(page, [CART_LINES.mug]);
      await expectAccessible(page, '/checkout with a cart');
      await page.getByTestId('cart-clear').click();
      await expect(page.getByRole('alertdialog')).toBeVisible();
      await expectAccessible(page, 'confirm modal open');
    });

    test('the side menu open', async ({ page }) => {
      await page.goto('/about');
      await page.getByTestId('side-menu-button').click();
      await expect(page.getByTestId('side-menu')).toBeVisible();
      await expectAccessible(page, 'side menu open (signed out)');
    });

    test('desktop width: the landing page, the marketplace and a user site', async ({ page }) => {
      await page.setViewportSize({ width: 1280, height: 900 });
      for (const path of ['/', '/all-posts', '/marketplace', '/maya']) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expectAccessible(page, `${path} at 1280px`);
      }
    });

    test('the catalogue: lists, tags, search, a post page and a seller’s post', async ({
      page,
      playwright,
      baseURL,
    }) => {
      // Ten pages, each loaded, left to settle and checked by axe: more than the default 30 s on a
      // busy 2-core machine.
      test.slow();
      const request = await apiContext(playwright, baseURL);
      const token = await apiLogin(request, MAYA);
      const tag = `axe${Date.now().toString(36).slice(-5)}`;
      const post = await createPost(request, token, {
        title: `Glazed ${tag} bowl`,
        description: 'A deep bowl in a celadon glaze.',
        price: 48,
        shippingCost: 6,
        stock: 2,
        _tags: [tag, 'ceramics'],
        variations: [
          {
            name: 'Glaze',
            options: [
              { name: 'Celadon', priceDelta: 0, stock: null },
              { name: 'Tenmoku', priceDelta: 4.5, stock: 0 },
            ],
          },
        ],
      });
      await request.dispose();
      for (const path of [
        '/marketplace',
        '/all-posts?sort=price_asc',
        '/products/tags',
        `/products/tags/${tag}`,
        `/search-results?q=${tag}`,
        '/search-results?q=nothingmatchesthis',
        `/items/${post._id}`,
        `/maya/${post._id}`,
        '/maya/products',
        `/maya/products/tags/${tag}`,
      ]) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expectAccessible(page, path);
      }
    });

    test('signed in: /my-posts with its confirm, /admin-products and /add-tags', async ({
      page,
    }) => {
      const token = await apiLogin(page.request, MAYA);
      await createPost(page.request, token, { title: 'Axe check mug', price: 15 });
      await page.goto('/my-posts');
      await expect(page.getByTestId('my-posts-count')).toBeVisible();
      await expectAccessible(page, '/my-posts');
      await page.getByTestId('manage-delete').first().click();
      await expect(page.getByRole('alertdialog')).toBeVisible();
      await expectAccessible(page, '/my-posts delete confirm');
      await page.getByTestId('modal-nope').click();

      await apiLogin(page.request, ADMIN);
      for (const path of ['/admin-products', '/add-tags']) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expectAccessible(page, path);
      }
    });

    test('signed in: /edit-profile and the side menu', async ({ page }) => {
      await page.goto('/login?redirectTo=%2Fedit-profile');
      await submitLogin(page, 'maya@demo.storefront.test', DEMO_PASSWORD);
      await expect(page).toHaveURL(/\/edit-profile$/);
      await expect(page.getByTestId('profile-form')).toBeVisible();
      await expect(page.getByTestId('avatar-menu-button').first()).toBeVisible();
      await expectAccessible(page, '/edit-profile (signed in)');
      await page.getByTestId('side-menu-button').click();
      await expect(page.getByTestId('side-menu')).toBeVisible();
      await expectAccessible(page, 'side menu open (signed in)');
    });
    test('signed in: the post editor (errors, variations, media) and its live preview', async ({
      page,
      context,
    }) => {
      await page.goto('/login?redirectTo=%2Fedit-profile');
      await submitLogin(page, 'leo@demo.storefront.test', DEMO_PASSWORD);
      await expect(page).toHaveURL(/\/edit-profile$/);
      await page.goto('/add-edit-item');
      const editor = page.getByTestId('post-editor');
      await expect(editor).toBeVisible();
      await expectAccessible(page, '/add-edit-item (new post)');

      await editor.getByRole('button', { name: 'Publish' }).click();
      await expect(page.getByTestId('post-error-summary')).toBeVisible();
      await editor.getByRole('button', { name: 'Add a variation' }).click();
      await expectAccessible(page, '/add-edit-item with field errors and a variation');

      await editor.getByLabel('Title', { exact: true }).fill('Axe-checked lamp');
      await editor.getByLabel('Price', { exact: true }).fill('12');
      await editor.getByRole('button', { name: 'Remove variation Variation 1' }).click();
      const png = await sharp({
        create: { width: 32, height: 32, channels: 3, background: '#0f766e' },
      })
        .png()
        .toBuffer();
      await page
        .getByTestId('media-input')
        .setInputFiles({ name: 'lamp.png', mimeType: 'image/png', buffer: png });
      await expect(page.getByTestId('media-saved')).toHaveText(
        `${MESSAGES.mediaSaved} 1 file added to the post.`,
      );
      await expect(page.getByTestId('media-item')).toHaveCount(1);
      await expectAccessible(page, '/add-edit-item/{id} (a draft with a photo)');

      const [preview] = await Promise.all([
        context.waitForEvent('page'),
        page.getByTestId('post-preview-link').click(),
      ]);
      await expect(preview.getByTestId('post-view')).toBeVisible();
      await expectAccessible(preview, '/items/preview');
      await preview.close();

      // Leave nothing behind for the other specs.
      await page.getByTestId('post-delete').click();
      await page.getByTestId('modal').getByRole('button', { name: 'Okay' }).click();
      await expect(page).toHaveURL(/\/my-posts$/);
    });
  });
});
