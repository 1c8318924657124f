import sharp from 'sharp';
import { accountsApi } from '../../src/shared/api/accounts';
import { apiContext, apiLogin, createPost } from './catalog-support';
import {
  hydrated,
  jsonLd,
  metaContent,
  postsOf,
  registerSeller,
  rgbOf,
  siteOf,
} from './site-support';
import { DEMO_PASSWORD, acceptCookies, apiClient, expect, test } from './support';

// A seller's site (SPEC §2 User-site layout, issue 10): /{username} and the pages below it, the
// link-in-bio card /{username}-x, share tags and JSON-LD in the server's HTML. Unknown pages,
// feedback, sharing, the in-app browser hint, the seller's part of the cart and axe:
// user-site-visitors.spec.ts.

test.describe("a seller's site", () => {
  test.beforeEach(async ({ context, baseURL }) => acceptCookies(context, baseURL));

  test("/maya: the seller's colours, profile, posts and their own tags", async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    page.on('pageerror', (e) => errors.push(e.message));
    const posts = await postsOf(page.request, 'maya');
    const site = await siteOf(page.request, 'maya');
    const res = await page.goto('/maya');
    expect(res?.status()).toBe(200);

    // The demo's colour pairs all read (WCAG AA), so the page shows them as the seller chose them.
    const header = page.getByTestId('site-header');
    await expect(header).toHaveCSS('background-color', rgbOf(site.headerBackgroundColor));
    await expect(header).toHaveCSS('color', rgbOf(site.headerTextColor));
    const footer = page.getByTestId('site-footer');
    await expect(footer).toHaveCSS('background-color', rgbOf(site.footerBackgroundColor));
    await expect(footer).toHaveCSS('color', rgbOf(site.footerTextColor));
    const layout = page.locator('[data-layout="user-site"]');
    await expect(layout).toHaveCSS('background-color', rgbOf(site.backgroundColor));
    await expect(layout).toHaveCSS('color', rgbOf(site.textColor));
    expect(site.fontFamily).toBe('Lora');
    await expect(layout).toHaveCSS('font-family', /^"?Lora"?,/);
    // Her font's basic-Latin part is what the page fetches and draws with; the whole file only
    // when some text needs a letter beyond it (docs/decisions/082).
    const lora = () =>
      page.evaluate(async () => {
        await document.fonts.ready;
        return {
          faces: [...document.fonts]
            .filter((f) => f.family.replace(/['"]/g, '') === 'Lora')
            .map((f) => ({ basic: f.unicodeRange.startsWith('U+20-7E'), status: f.status })),
          fetched: performance
            .getEntriesByType('resource')
            .map((e) => new URL(e.name).pathname)
            .filter((p) => p.startsWith('/fonts/')),
        };
      });
    expect(await lora()).toEqual({
      faces: [
        { basic: true, status: 'loaded' },
        { basic: false, status: 'unloaded' },
      ],
      fetched: ['/fonts/lora-latin-basic-wght-normal.woff2'],
    });
    await page.evaluate(() => document.fonts.load("16px 'Lora'", 'Crème brûlée'));
    await expect.poll(lora).toEqual({
      faces: [
        { basic: true, status: 'loaded' },
        { basic: false, status: 'loaded' },
      ],
      fetched: ['/fonts/lora-latin-basic-wght-normal.woff2', '/fonts/lora-latin-wght-normal.woff2'],
    });

    await expect(page.getByRole('heading', { level: 1 })).toHaveText(site.name);
    await expect(page.getByTestId('site-bio')).toContainText('Handmade ceramics');
    const link = page.getByTestId('owner-link');
    await expect(link).toHaveAttribute('href', 'https://example.com/maya-ceramics');
    await expect(link).toHaveAttribute('rel', 'noopener nofollow ugc');
    await expect(page.getByTestId('site-counts')).toContainText(`${posts.length} posts`);
    // Her social icons under the name, and her featured link drawn large (issue 25).
    const social = page.getByTestId('social-links').getByRole('link');
    await expect(social).toHaveCount(site.links.filter((l) => l.social).length);
    await expect(social.first()).toHaveAccessibleName('Instagram');
    const featuredLink = site.links.find((l) => l.featured)!;
    await expect(page.getByTestId('featured-link').getByRole('link')).toHaveAttribute(
      'href',
      `/l/${featuredLink._id}`,
    );
    await expect(page.getByTestId('featured-link')).toContainText(featuredLink.title);

    const cards = page.getByTestId('product-grid').getByTestId('product-card');
    await expect(cards).toHaveCount(Math.min(posts.length, 24));
    await expect(cards.first()).toHaveAttribute('data-product-id', posts[0]!._id);
    await expect(cards.first().getByRole('link')).toHaveAttribute('href', posts[0]!.path);

    // The filter is maya's own tags (of all her posts), not the marketplace's tag list.
    const own = [...new Set(posts.flatMap((p) => p._tags))].sort();
    const tagLinks = page
      .getByRole('navigation', { name: 'Tags of this seller' })
      .getByRole('link');
    expect((await tagLinks.allTextContents()).map((t) => t.replace(/^#/, '')).sort()).toEqual(own);
    const tag = own[0]!;
    await tagLinks.filter({ hasText: `#${tag}` }).click();
    await expect(page).toHaveURL(new RegExp(`/maya/products/tags/${encodeURIComponent(tag)}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`#${tag}`);
    await expect(page.getByTestId('product-card')).toHaveCount(
      Math.min(24, posts.filter((p) => p._tags.includes(tag)).length),
    );
    expect(errors, 'console errors (CSP, hydration)').toEqual([]);
  });

  test("a post card leads to the post's /{username}/{slug}-{shortId}; its old uuid address moves there", async ({
    page,
    baseURL,
  }) => {
    const [post] = await postsOf(page.request, 'maya');
    expect(post!.path).toMatch(/^\/maya\/[a-z0-9-]+-[0-9a-f]{12}$/);
    await page.goto('/maya');
    await hydrated(page);
    // In the app: the router's own navigation to the post's address.
    await page.getByTestId('product-card').first().getByRole('link').click();
    await expect(page).toHaveURL(`${baseURL}${post!.path}`);
    await expect(page.getByTestId('post-title')).toHaveText(post!.title);

    // A link made before slugs (the post's uuid): one permanent redirect to the current address.
    const old = await page.request.get(`/maya/${post!._id}`, { maxRedirects: 0 });
    expect(old.status()).toBe(301);
    expect(old.headers()['location']).toBe(post!.path);
    await page.goto(`/maya/${post!._id}`);
    await expect(page).toHaveURL(`${baseURL}${post!.path}`);
    await expect(page.getByTestId('post-title')).toHaveText(post!.title);
  });

  test("pictures keep their place; a page's first picture is fetched first", async ({ page }) => {
    // leo's demo posts all have pictures (other specs add picture-less posts to maya's page).
    const posts = await postsOf(page.request, 'leo');
    await page.goto('/leo');
    const cards = page.getByTestId('product-card');
    await expect(cards).toHaveCount(Math.min(24, posts.length));
    // The grid starts below the profile (a phone's first screen): its pictures load lazily.
    for (const img of await cards.locator('img').all()) {
      await expect(img).toHaveAttribute('width', /^\d+$/);
      await expect(img).toHaveAttribute('height', /^\d+$/);
      await expect(img).toHaveAttribute('sizes', /.+/);
      await expect(img).toHaveAttribute('loading', 'lazy');
    }

    // On the card the posts come sooner: the first picture is fetched first, and only that one.
    await page.goto('/leo-x');
    const lead = posts.slice(0, 4).findIndex((p) => p.medias.some((m) => m.type === 'image'));
    expect(lead, 'a post with a picture in the first row').toBeGreaterThanOrEqual(0);
    await expect(cards.nth(lead).locator('img')).toHaveAttribute('fetchpriority', 'high');
    await expect(page.locator('img[fetchpriority="high"]')).toHaveCount(1);
  });

  test("a new seller's page: a 404 until activated, then pages of posts", async ({
    page,
    playwright,
    baseURL,
  }) => {
    const api = await apiContext(playwright, baseURL);
    const seller = await registerSeller(api);
    // The server decides: an account that is not activated has no public page.
    const early = await page.goto(`/${seller.username}`);
    expect(early?.status()).toBe(404);
    await expect(page.getByTestId('error-page')).toBeVisible();

    const token = await seller.activate();
    // Before any post: the empty state, and the owner's picture is the page's first image.
    const png = await sharp({
      create: { width: 64, height: 64, channels: 3, background: '#0f766e' },
    })
      .png()
      .toBuffer();
    const avatar = new FormData();
    avatar.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'me.png');
    await apiClient(api, { token }).call(accountsApi.uploadAvatar, { body: avatar });
    await page.goto(`/${seller.username}`);
    await expect(page.getByTestId('list-empty')).toContainText('has not published anything yet');
    const picture = page.getByTestId('site-profile').locator('img');
    await expect(picture).toHaveAttribute('fetchpriority', 'high');
    await expect(picture).toHaveAttribute('width', '88');
    await expect(picture).toHaveAttribute('height', '88');

    for (let i = 0; i < 25; i++) {
      await createPost(api, token, {
        title: `Tea bowl no. ${i + 1}`,
        description: 'Wood-fired stoneware.',
        price: 20 + i,
        _tags: [i % 2 ? 'kiln' : 'glaze'],
      });
    }
    await page.goto(`/${seller.username}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Kiln Corner');
    await expect(page.getByTestId('site-counts')).toContainText('25 posts');
    await expect(page.getByTestId('product-card')).toHaveCount(24);
    const tags = page.getByRole('navigation', { name: 'Tags of this seller' });
    await expect(tags.getByRole('link', { name: '#glaze' })).toHaveAttribute(
      'href',
      `/${seller.username}/products/tags/glaze`,
    );
    await expect(tags.getByRole('link', { name: '#kiln' })).toBeVisible();

    await page
      .getByRole('navigation', { name: 'Pages' })
      .getByRole('link', { name: 'Next page' })
      .click();
    await expect(page).toHaveURL(new RegExp(`/${seller.username}\\?page=2$`));
    await expect(page.getByTestId('product-card')).toHaveCount(1);
    await expect(page.getByTestId('product-card')).toContainText('Tea bowl no. 1');
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      'href',
      `${baseURL}/${seller.username}?page=2`,
    );

    // A draft's preview on the site: for its owner only, never indexed.
    const draft = await createPost(api, token, {
      title: 'Kiln test tile',
      price: 5,
      status: 'draft',
    });
    const preview = `${draft.path}/preview`;
    expect((await page.goto(preview))?.status()).toBe(404);
    await apiLogin(page.request, { email: seller.email, password: DEMO_PASSWORD });
    expect((await page.goto(preview))?.status()).toBe(200);
    await expect(page.getByTestId('preview-banner')).toContainText('Preview.');
    await expect(page.getByTestId('post-title')).toHaveText('Kiln test tile');
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    await api.dispose();
  });

  test('/maya-x: the compact link-in-bio card', async ({ page, baseURL }) => {
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    page.on('pageerror', (e) => errors.push(e.message));
    const posts = await postsOf(page.request, 'maya');
    await page.goto('/maya-x');
    const card = page.getByTestId('link-in-bio');
    await expect(card).toBeVisible();
    await expect(page.getByTestId('site-header')).toHaveCount(0);
    await expect(card.getByRole('heading', { level: 1 })).toHaveText('Maya Chen Ceramics');
    await expect(card).toContainText('Handmade ceramics');

    // Her links page (issue 25): the social icons under the name, her links in her order (the
    // featured post with its photo and price, drawn larger), every one a counted /l/{id} anchor.
    const site = await siteOf(page.request, 'maya');
    const social = card
      .getByRole('list', { name: 'Maya Chen Ceramics elsewhere' })
      .getByRole('link');
    await expect(social).toHaveText(['', '']);
    await expect(social.nth(0)).toHaveAccessibleName('Instagram');
    await expect(social.nth(1)).toHaveAccessibleName('TikTok');
    const listed = site.links.filter((l) => !l.social);
    const links = card.getByTestId('site-links').getByRole('link');
    await expect(links).toHaveCount(listed.length);
    for (const [i, link] of listed.entries()) {
      await expect(links.nth(i)).toHaveAttribute('href', `/l/${link._id}`);
      await expect(links.nth(i)).toContainText(link.title);
    }
    const featuredPost = links.first();
    expect(listed[0]!.post).not.toBeNull();
    await expect(featuredPost).toContainText(
      new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(
        listed[0]!.post!.price,
      ),
    );
    await expect(featuredPost.locator('img')).toHaveAttribute('src', listed[0]!.post!.thumbnail!);
    const [big, small] = await Promise.all([
      featuredPost.boundingBox(),
      links.nth(1).boundingBox(),
    ]);
    expect(big!.height).toBeGreaterThan(small!.height);
    // Off and not-yet-started links are not there.
    await expect(card).not.toContainText('Summer studio sale');
    await expect(card).not.toContainText('Holiday market');
    // While she has links, the profile's single link is not repeated.
    await expect(card.getByTestId('owner-link')).toHaveCount(0);

    await expect(
      card.getByRole('link', { name: `Visit the shop · ${posts.length} posts` }),
    ).toHaveAttribute('href', '/maya');
    await expect(card.getByRole('button', { name: 'Share this page' })).toBeVisible();

    // The newest posts, at most six, each linking to its page on the site.
    const featured = card.getByTestId('product-card');
    await expect(featured).toHaveCount(Math.min(6, posts.length));
    await expect(featured.first().getByRole('link')).toHaveAttribute('href', posts[0]!.path);
    // One narrow column, centred.
    const box = (await card.boundingBox())!;
    const viewport = page.viewportSize()!;
    expect(Math.abs(box.x + box.width / 2 - viewport.width / 2)).toBeLessThan(2);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}/maya`);
    await hydrated(page);
    expect(errors, 'console errors (CSP, hydration)').toEqual([]);

    // Nothing lives below the card.
    expect((await page.goto('/maya-x/products'))?.status()).toBe(404);
  });
});

test.describe("a seller's site without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test.beforeEach(async ({ context, baseURL }) => acceptCookies(context, baseURL));

  test('/maya: posts, links, share tags, canonical and Person JSON-LD in the HTML', async ({
    page,
    baseURL,
  }) => {
    const posts = await postsOf(page.request, 'maya');
    await page.goto('/maya');
    await expect(page.getByTestId('product-card')).toHaveCount(Math.min(posts.length, 24));
    await expect(page.getByRole('navigation', { name: 'Tags of this seller' })).toBeVisible();

    await expect(page).toHaveTitle(/^Maya Chen Ceramics · /);
    expect(await metaContent(page, 'description')).toBe(
      'Small-batch stoneware, thrown and glazed by hand.',
    );
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}/maya`);
    expect(await metaContent(page, 'og:type')).toBe('website');
    expect(await metaContent(page, 'og:title')).toBe('Maya Chen Ceramics');
    expect(await metaContent(page, 'og:url')).toBe(`${baseURL}/maya`);
    expect(await metaContent(page, 'og:site_name')).toBe('Maya Chen Ceramics');
    expect(await metaContent(page, 'og:image')).toMatch(
      new RegExp(`^${baseURL}/share-images/site/maya\\.jpg\\?v=\\d+$`),
    );
    expect(await metaContent(page, 'og:image:width')).toBe('1200');
    expect(await metaContent(page, 'og:image:height')).toBe('630');
    expect(await metaContent(page, 'twitter:card')).toBe('summary_large_image');
    expect(await metaContent(page, 'twitter:title')).toBe('Maya Chen Ceramics');

    const [person] = await jsonLd(page);
    expect(person).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Person',
      name: 'Maya Chen',
      url: `${baseURL}/maya`,
      sameAs: [
        'https://example.com/maya-ceramics',
        'https://www.instagram.com/mayachenceramics',
        'https://www.tiktok.com/@mayachenceramics',
      ],
    });

    // Links work as plain links: a post, then back through the header.
    await page.getByTestId('product-card').first().getByRole('link').click();
    await expect(page).toHaveURL(`${baseURL}${posts[0]!.path}`);
    await page.getByTestId('site-branding').click();
    await expect(page).toHaveURL(/\/maya$/);
  });

  test('/maya-x: her links are plain links; one opens her post through the counted redirect', async ({
    page,
  }) => {
    const site = await siteOf(page.request, 'maya');
    const postLink = site.links.find((l) => l.post && !l.social)!;
    await page.goto('/maya-x');
    await expect(page.getByTestId('social-links').getByRole('link')).toHaveCount(2);
    await page.getByTestId('site-links').getByRole('link', { name: postLink.title }).click();
    // The redirect names the link so the post's view is credited to it (ADR 071).
    await expect(page).toHaveURL(new RegExp(`${postLink.post!.path}\\?link=${postLink._id}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(postLink.post!.title);
  });

  test('/maya/{slug}-{shortId}: the post, og:type product and Product JSON-LD with an offer', async ({
    page,
    baseURL,
  }) => {
    const [post] = await postsOf(page.request, 'maya');
    await page.goto(post!.path);
    await expect(page.getByTestId('post-title')).toHaveText(post!.title);
    await expect(page).toHaveTitle(new RegExp(`^${post!.title} · Maya Chen Ceramics · `));
    const url = `${baseURL}${post!.path}`;
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', url);
    expect(await metaContent(page, 'og:type')).toBe('product');
    expect(await metaContent(page, 'og:url')).toBe(url);
    expect(await metaContent(page, 'og:image')).toMatch(
      new RegExp(`^${baseURL}/share-images/post/${post!._id}\\.jpg\\?v=\\d+$`),
    );
    expect(await metaContent(page, 'twitter:card')).toBe('summary_large_image');
    expect(await metaContent(page, 'product:price:amount')).toBe(post!.price.toFixed(2));

    const [product] = await jsonLd(page);
    expect(product).toMatchObject({
      '@type': 'Product',
      name: post!.title,
      url,
      offers: {
        '@type': 'Offer',
        price: post!.price.toFixed(2),
        priceCurrency: 'USD',
        availability: `https://schema.org/${post!.soldOut ? 'SoldOut' : 'InStock'}`,
        url,
        seller: { '@type': 'Person', name: 'Maya Chen', url: `${baseURL}/maya` },
      },
    });

    // The marketplace's page of the same post has them too, canonical at /products/{id}.
    await page.goto(`/items/${post!._id}`);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      'href',
      `${baseURL}/products/${post!._id}`,
    );
    expect((await jsonLd(page))[0]).toMatchObject({
      '@type': 'Product',
      offers: { '@type': 'Offer' },
    });
  });

  test("JSON-LD is data: a post's text cannot end its script", async ({
    page,
    playwright,
    baseURL,
  }) => {
    const api = await apiContext(playwright, baseURL);
    const seller = await registerSeller(api);
    const token = await seller.activate();
    const title = 'Mug </script><script>document.title="pwned"</script>';
    const post = await createPost(api, token, { title, description: 'A < B & C > D', price: 12 });
    const html = await (await api.get(`/${seller.username}/${post._id}`)).text();
    expect(html).not.toContain('</script><script>document.title');
    await page.goto(`/${seller.username}/${post._id}`);
    await expect(page).toHaveTitle(/^Mug /);
    const [product] = await jsonLd(page);
    expect(product).toMatchObject({
      '@type': 'Product',
      name: title,
      description: 'A < B & C > D',
    });
    await api.dispose();
  });
});
