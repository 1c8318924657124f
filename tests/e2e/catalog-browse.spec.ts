import type { Page } from '@playwright/test';
import { ADMIN, MAYA, apiContext, apiLogin, createPost } from './catalog-support';
import { acceptCookies, expect, modal, okayModal, test } from './support';

// Browsing the catalogue (issue 9 §5–7): posts created through the API appear on the public lists,
// tag, seller and search pages; their page prices with Intl and fills the cart; drafts stay
// private; sellers and admins manage posts; page links work without JavaScript.

/** Unique words per run of this file (the server's database lives as long as the suite). */
const RUN = Date.now().toString(36).slice(-5);
const WORD = `moonjar${RUN}`;

test.beforeEach(async ({ context, baseURL }) => acceptCookies(context, baseURL));

test.describe.serial('a published post on the public pages', () => {
  let postId = '';
  let postPath = '';
  let draftId = '';
  const title = `Speckled ${WORD} vase`;

  test.beforeAll(async ({ playwright, baseURL }) => {
    const request = await apiContext(playwright, baseURL);
    const token = await apiLogin(request, MAYA);
    const post = await createPost(request, token, {
      title,
      description: 'Wheel-thrown stoneware with a speckled glaze.',
      price: 1234.5,
      shippingCost: 7,
      stock: 3,
      _tags: [WORD],
      variations: [
        {
          name: 'Size',
          options: [
            { name: 'Small', priceDelta: 0, stock: null },
            { name: 'Large', priceDelta: 20, stock: 1 },
          ],
        },
      ],
    });
    postId = post._id;
    postPath = post.path;
    draftId = (
      await createPost(request, token, {
        title: `Secret ${WORD} draft`,
        price: 5,
        _tags: [WORD],
        status: 'draft',
      })
    )._id;
    await request.dispose();
  });

  const card = (page: Page, id: string) =>
    page.locator(`[data-testid="product-card"][data-product-id="${id}"]`);

  test('appears on /all-posts and /marketplace; the draft does not', async ({ page }) => {
    await page.goto('/all-posts');
    await expect(card(page, postId)).toBeVisible();
    await expect(card(page, postId)).toContainText('$1,234.50');
    await expect(card(page, postId)).toContainText('by Maya Chen');
    await expect(card(page, draftId)).toHaveCount(0);

    await page.goto('/marketplace');
    await expect(card(page, postId)).toBeVisible();
    await expect(card(page, draftId)).toHaveCount(0);
    const category = page.getByRole('navigation', { name: 'Categories' }).getByRole('link', {
      name: new RegExp(`#${WORD}`),
    });
    await expect(category).toContainText('1');
    // The header's tag list comes from GET /tags too.
    await expect(
      page.getByTestId('tag-list').getByRole('link', { name: `#${WORD}` }),
    ).toBeVisible();
  });

  test('appears on its tag page and its seller pages', async ({ page }) => {
    await page.goto(`/products/tags/${WORD}`);
    await expect(page.getByRole('heading', { level: 1, name: `#${WORD}` })).toBeVisible();
    await expect(card(page, postId)).toBeVisible();
    await expect(card(page, draftId)).toHaveCount(0);

    await page.goto('/products/tags');
    await expect(
      page.getByRole('main').getByRole('link', { name: new RegExp(`^#${WORD} ?, 1 post$`) }),
    ).toBeVisible();

    await page.goto('/maya');
    await expect(card(page, postId)).toBeVisible();
    await expect(card(page, draftId)).toHaveCount(0);
    await expect(
      page.getByRole('navigation', { name: 'Tags of this seller' }).getByRole('link', {
        name: `#${WORD}`,
      }),
    ).toHaveAttribute('href', `/maya/products/tags/${WORD}`);

    await page.goto(`/maya/products/tags/${WORD}`);
    await expect(card(page, postId)).toBeVisible();
    await card(page, postId).getByRole('link').click();
    // Its one address on her site: /maya/{slug}-{shortId} (docs/decisions/062).
    expect(postPath).toMatch(/^\/maya\/speckled-[a-z0-9-]+-[0-9a-f]{12}$/);
    await expect(page).toHaveURL(new RegExp(`${postPath}$`));
    await expect(page.getByTestId('post-title')).toHaveText(title);

    // Another seller's page does not show maya's post.
    const res = await page.goto(`/leo/${postId}`);
    expect(res?.status()).toBe(404);
  });

  test('is found by search, also misspelt; a search for nothing says so', async ({ page }) => {
    await page.goto(`/search-results?q=${WORD}`);
    await expect(card(page, postId)).toBeVisible();
    await expect(card(page, draftId)).toHaveCount(0);

    // One letter dropped from the made-up word.
    const typo = WORD.slice(0, 4) + WORD.slice(5);
    await page.goto(`/search-results?q=${encodeURIComponent(`speckled ${typo}`)}`);
    await expect(card(page, postId)).toBeVisible();

    await page.goto('/search-results?q=qqzzxxnothing');
    await expect(page.getByTestId('search-no-results')).toHaveText(
      'No results for “qqzzxxnothing”',
    );
    await expect(page.getByRole('link', { name: 'See all posts' })).toBeVisible();
  });

  test('its page prices with Intl, follows the chosen option and adds to the cart', async ({
    page,
  }) => {
    await page.goto(`/items/${postId}`);
    await expect(page.getByTestId('post-title')).toHaveText(title);
    await expect(page.getByTestId('post-price')).toHaveText('$1,234.50');
    await expect(page.getByTestId('post-shipping')).toHaveText('Shipping $7.00');
    await expect(page.getByTestId('post-stock')).toHaveText('3 in stock');

    await page.getByText('Large').click();
    await expect(page.getByTestId('post-price')).toHaveText('$1,254.50');
    await expect(page.getByTestId('post-stock')).toHaveText('1 in stock');

    await page.getByTestId('post-add-to-cart').click();
    await expect(page.getByTestId('post-cart-status')).toContainText('Added to your cart.');
    const cart = await page.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? '{}'));
    expect(cart.state.items).toEqual([
      expect.objectContaining({
        _id: postId,
        amount: 1,
        price: 1254.5,
        shippingCost: 7,
        selectedVariations: { Size: 'Large' },
      }),
    ]);

    // The same post under /products/{id}.
    await page.goto(`/products/${postId}`);
    await expect(page.getByTestId('post-title')).toHaveText(title);
  });

  test('the draft is a 404 for visitors and has a banner for its owner', async ({ page }) => {
    const res = await page.goto(`/items/${draftId}`);
    expect(res?.status()).toBe(404);

    await apiLogin(page.request, MAYA);
    await page.goto(`/items/${draftId}`);
    await expect(page.getByTestId('post-status-banner')).toContainText('draft');
  });
});

test('my posts: the count, a status change and a delete through the confirm', async ({ page }) => {
  const token = await apiLogin(page.request, MAYA);
  const keep = await createPost(page.request, token, { title: `Keep ${WORD} mug`, price: 12 });
  const gone = await createPost(page.request, token, { title: `Remove ${WORD} bowl`, price: 30 });

  await page.goto('/my-posts');
  await expect(page.getByTestId('my-posts-count')).toHaveText(/^You have \d+ posts\.$/);
  const before = Number(
    (await page.getByTestId('my-posts-count').textContent())?.match(/\d+/)?.[0],
  );

  const keepCard = page.locator(`[data-product-id="${keep._id}"]`);
  await keepCard.getByLabel('Status').selectOption('archived');
  await okayModal(page, 'Product updated!');
  await page.goto('/my-posts?status=archived');
  await expect(page.locator(`[data-product-id="${keep._id}"]`)).toBeVisible();

  await page.goto('/my-posts');
  const goneCard = page.locator(`[data-product-id="${gone._id}"]`);
  await goneCard.getByTestId('manage-delete').click();
  await expect(modal(page)).toContainText("This action can't be undone!");
  await modal(page).getByRole('button', { name: 'Okay' }).click();
  await expect(goneCard).toHaveCount(0);
  await expect(page.getByTestId('my-posts-count')).toHaveText(`You have ${before - 1} posts.`);
});

test('a new seller sees what to do next', async ({ page }) => {
  await apiLogin(page.request, { email: 'sam@demo.storefront.test', password: MAYA.password });
  await page.goto('/my-posts');
  await expect(page.getByTestId('my-posts-count')).toHaveText('You have 0 posts.');
  await expect(page.getByTestId('list-empty')).toContainText('No posts yet — create your first');
  await expect(page.getByTestId('create-first-post')).toHaveAttribute('href', '/add-edit-item');
});

test('admin products: every post, found by title, with its status', async ({ page }) => {
  const maya = await apiLogin(page.request, MAYA);
  const draft = await createPost(page.request, maya, {
    title: `Hidden ${WORD} planter`,
    price: 9,
    status: 'draft',
  });
  await apiLogin(page.request, ADMIN);
  await page.goto('/admin-products');
  await page.getByLabel('Search titles').fill(`Hidden ${WORD}`);
  await page.getByRole('button', { name: 'Search' }).click();
  const row = page.locator(`[data-product-id="${draft._id}"]`);
  await expect(row).toBeVisible();
  await expect(row.getByLabel('Status')).toHaveValue('draft');
  await row.getByLabel('Status').selectOption('published');
  await okayModal(page, 'Product updated!');
  await page.goto(`/items/${draft._id}`);
  await expect(page.getByTestId('post-status-banner')).toHaveCount(0);
});

test('admin tags: the list with counts and a new tag', async ({ page }) => {
  await apiLogin(page.request, ADMIN);
  await page.goto('/add-tags');
  await page.getByLabel('New tag').fill(`Glaze ${RUN}`);
  await page.getByRole('button', { name: 'Add tag' }).click();
  await expect(page.getByTestId('add-tag-status')).toHaveText(`Tag “glaze ${RUN}” added.`);
  await expect(
    page.getByRole('navigation', { name: 'Available tags' }).getByRole('link', {
      name: new RegExp(`#glaze ${RUN}`),
    }),
  ).toBeVisible();
});

test('page links work without JavaScript', async ({ browser, baseURL, playwright }) => {
  const request = await apiContext(playwright, baseURL);
  const token = await apiLogin(request, MAYA);
  const tag = `page${RUN}`;
  for (let i = 1; i <= 25; i++)
    await createPost(request, token, { title: `Paged ${RUN} ${i}`, price: i, _tags: [tag] });
  await request.dispose();

  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`/products/tags/${tag}?sort=price_asc`);
  await expect(page.getByTestId('product-card')).toHaveCount(24);
  await expect(page.getByTestId('product-card').first()).toContainText('$1.00');
  const pages = page.getByRole('navigation', { name: 'Pages' });
  await expect(pages.getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
  await pages.getByRole('link', { name: 'Next page' }).click();
  await expect(page).toHaveURL(new RegExp(`/products/tags/${tag}\\?sort=price_asc&page=2$`));
  await expect(page.getByTestId('product-card')).toHaveCount(1);
  await expect(page.getByTestId('product-card')).toContainText('$25.00');
  await expect(pages.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');

  // The sort form is a GET form: its button submits without JavaScript.
  await page.getByLabel('Sort by').selectOption('price_desc');
  await page.getByRole('button', { name: 'Sort', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`sort=price_desc`));
  await expect(page.getByTestId('product-card').first()).toContainText('$25.00');
  await context.close();
});
