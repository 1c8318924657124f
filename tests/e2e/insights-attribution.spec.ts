import { insightsApi } from '../../src/shared/api/insights';
import { apiContext } from './catalog-support';
import { fillCard, registerMember, sellerAndBuyer, signedIn } from './commerce-support';
import { hydrated } from './site-support';
import { acceptCookies, apiClient, expect, test } from './support';

// Issue 26 from end to end: a visitor who arrives on a seller's page from their Instagram bio link
// (`?src=ig`), opens a post and buys it — the sale shows on the seller's insights credited to `ig`
// and to that post, with the page's view counted on the server. No cookie carries any of it: the
// landing and the line's credit live in the browser's storage until POST /orders.

test.beforeEach(async ({ context, baseURL }) => acceptCookies(context, baseURL));

test('a sale after the bio link ?src=ig is credited to ig and the post', async ({
  browser,
  baseURL,
  playwright,
}) => {
  test.setTimeout(150_000);
  const api = await apiContext(playwright, baseURL);
  const { seller, sellerToken, post } = await sellerAndBuyer(
    api,
    {
      title: 'Ash glaze bowl',
      description: 'Ready to ship.',
      price: 30,
      shippingCost: 5,
      stock: 3,
      _tags: [],
      variations: [],
    } as never,
    'Ivy Buyer',
  );
  const buyer = await registerMember(api, 'Ivy Buyer', 'buyer');
  const ivy = await signedIn(browser, baseURL, buyer);
  const page = ivy.page;
  const insights = () =>
    apiClient(api, { token: sellerToken }).call(insightsApi.insights, { query: { range: '7d' } });
  try {
    await test.step('the bio link opens the page; a post is opened from it and put in the cart', async () => {
      await page.goto(`/${seller.username}?src=ig`);
      await hydrated(page);
      await page
        .getByRole('link', { name: /Ash glaze bowl/ })
        .first()
        .click();
      await expect(page).toHaveURL(new RegExp(`/${seller.username}/ash-glaze-bowl-[0-9a-f]{12}$`));
      await page.getByTestId('post-add-to-cart').click();
      await expect(page.getByTestId('post-cart-status')).toContainText('Added to your cart.');
      // The line keeps its credit, in the browser's storage.
      await expect
        .poll(() =>
          page.evaluate(
            () => JSON.parse(localStorage.getItem('cart') ?? '{}').state?.items?.[0]?.via?.source,
          ),
        )
        .toBe('ig');
      expect((await page.context().cookies()).map((c) => c.name)).not.toContain('landing');
    });

    await test.step('checkout and pay', async () => {
      // The seller's own cart summary, then the marketplace's checkout.
      await page.getByTestId('cart-link').click();
      await page.getByRole('link', { name: 'Go to checkout' }).click();
      await page.getByTestId('cart-continue').click();
      const form = page.getByTestId('address-form');
      await form.getByLabel('Full name').fill('Ivy Buyer');
      await form.getByLabel('Street address').fill('1 Main St');
      await form.getByLabel('City or town').fill('Springfield');
      await form.getByLabel('State').fill('IL');
      await form.getByLabel('ZIP code').fill('62701');
      await form.getByTestId('address-save').click();
      await page.getByTestId('address-continue').click();
      await page.getByTestId('place-order').click();
      await fillCard(page, '4242 4242 4242 4242');
      await page.getByTestId('card-pay').click();
      await expect(page).toHaveURL(/\/thanks/);
    });

    await test.step('the seller’s insights credit ig and the post', async () => {
      await expect.poll(async () => (await insights()).totals.orders).toBe(1);
      const seen = await insights();
      const ig = seen.bySource.find((s) => s.source === 'ig');
      expect(ig).toMatchObject({ orders: 1, carts: 1, revenue: 38.5 });
      expect(ig!.views).toBeGreaterThanOrEqual(1);
      expect(seen.byPost[0]).toMatchObject({
        postId: post._id,
        title: 'Ash glaze bowl',
        orders: 1,
      });
    });
  } finally {
    await ivy.close();
  }
});
