import { MESSAGES } from '../../src/shared/messages';
import { expectAccessible } from './axe';
import { apiContext, createPost } from './catalog-support';
import { addToCart, fillCard, orderOf, registerMember, signedIn } from './commerce-support';
import { acceptCookies, expect, modal, test } from './support';

// Issue 12 from end to end, in one story: a buyer's cart with items from two sellers → a new
// address → a declined card shows the error → 4242 pays → /thanks → each seller sees the sale and
// marks it shipped → the buyer sees both tracking links and rates a seller → that seller's page
// shows the rating. Fresh members, so nothing else is on their lists or pages.

test.beforeEach(async ({ context, baseURL }) => acceptCookies(context, baseURL));

test('two sellers, one payment, two shipments, a rating on the seller’s page', async ({
  browser,
  baseURL,
  playwright,
}) => {
  test.setTimeout(180_000);
  const api = await apiContext(playwright, baseURL);
  const kiln = await registerMember(api, 'Kiln Corner', 'seller');
  const bits = await registerMember(api, 'Bit Bazaar', 'seller');
  const post = (title: string, price: number) => ({
    title,
    description: 'Ready to ship.',
    price,
    shippingCost: 5,
    stock: 4,
    _tags: [],
    variations: [],
  });
  const jug = await createPost(api, kiln.token, post('Speckled jug', 40) as never);
  const card = await createPost(api, bits.token, post('Voodoo2 card', 120) as never);
  const buyer = await registerMember(api, 'Ada Buyer', 'buyer');
  const ada = await signedIn(browser, baseURL, buyer);
  const page = ada.page;
  let orderId = '';
  try {
    await test.step('the cart holds items from both sellers; an address is added', async () => {
      await addToCart(page, jug);
      await addToCart(page, card);
      await page.getByTestId('cart-link').click();
      await expect(page.getByTestId('cart-line')).toHaveCount(2);
      await page.getByTestId('cart-continue').click();
      const form = page.getByTestId('address-form');
      await form.getByLabel('Full name').fill('Ada Buyer');
      await form.getByLabel('Street address').fill('1 Main St');
      await form.getByLabel('City or town').fill('Springfield');
      await form.getByLabel('State').fill('IL');
      await form.getByLabel('ZIP code').fill('62701');
      await form.getByTestId('address-save').click();
      await expect(page.getByTestId('shipping-address-choices').getByRole('radio')).toBeChecked();
      await page.getByTestId('address-continue').click();
      await page.getByTestId('place-order').click();
    });

    await test.step('a declined card shows the error; 4242 pays and /thanks confirms', async () => {
      await fillCard(page, '4000 0000 0000 0002');
      await page.getByTestId('card-pay').click();
      await expect(page.getByTestId('payment-error')).toContainText(
        'Your card was declined — try another card.',
      );
      await fillCard(page, '4242 4242 4242 4242');
      await page.getByTestId('card-pay').click();
      await expect(page).toHaveURL(/\/thanks\?order=[0-9a-f-]{36}$/);
      await expect(page.getByTestId('thanks-parts').getByRole('listitem')).toHaveCount(2);
      orderId = new URL(page.url()).searchParams.get('order')!;
    });

    for (const [seller, tracking] of [
      [kiln, '1Z999AA10123456784'],
      [bits, '9400111899223100054321'],
    ] as const) {
      await test.step(`${seller.username} sees the sale and marks it shipped`, async () => {
        const shop = await signedIn(browser, baseURL, seller);
        try {
          await shop.page.goto('/sales');
          const sale = shop.page.getByTestId('sale-card');
          await expect(sale).toHaveCount(1);
          await expect(sale.getByTestId('sale-status')).toHaveText('To ship');
          await sale.getByTestId('sale-link').click();
          const form = shop.page.getByTestId('ship-form');
          await form.getByLabel('Carrier').selectOption(seller === kiln ? 'ups' : 'usps');
          await form.getByLabel('Tracking number').fill(tracking);
          await form.getByTestId('ship-submit').click();
          await expect(modal(shop.page)).toContainText(MESSAGES.confirmMarkShipped);
          await modal(shop.page).getByRole('button', { name: 'Okay' }).click();
          await expect(shop.page.getByTestId('sale-status')).toHaveText('Shipped');
          await expect(shop.page.getByTestId('tracking-link')).toHaveAttribute(
            'href',
            new RegExp(tracking),
          );
        } finally {
          await shop.close();
        }
      });
    }

    await test.step('the buyer sees both tracking links and rates one seller', async () => {
      await page.goto('/orders');
      const order = page.getByTestId('order-card').first();
      await expect(order.getByTestId('order-status')).toHaveText('Shipped');
      await expect(order.getByTestId('tracking-link')).toHaveCount(2);
      await expectAccessible(page, '/orders with a shipped order from two sellers');
      await order.getByTestId('leave-feedback').first().click();
      await expect(page).toHaveURL(`/feedback/orders/${orderId}`);
      const placed = await orderOf(page.request, buyer.token, orderId);
      const part = placed.transactions.find((t) => t.seller.username === kiln.username)!;
      const form = page.getByTestId(`rate-${part._id}-form`);
      // The stars are a radio group: the keyboard chooses (the drawn stars cover the inputs).
      await form.getByRole('radio', { name: '1 star' }).focus();
      for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowRight');
      await expect(form.getByRole('radio', { name: '5 stars' })).toBeChecked();
      await form.getByLabel('Your feedback (optional)').fill('Beautiful jug, well packed.');
      await form.getByRole('button', { name: 'Leave feedback' }).click();
      await expect(modal(page)).toContainText(MESSAGES.feedbackSaved);
      await modal(page).getByRole('button', { name: 'Okay' }).click();
    });

    await test.step('the seller’s page shows the rating', async () => {
      const visitor = await browser.newContext({ baseURL });
      const visitorPage = await visitor.newPage();
      await visitorPage.goto(`/${kiln.username}`);
      const rating = visitorPage.getByTestId('seller-rating');
      await expect(rating).toContainText('(1 rating)');
      await expect(rating.getByRole('img')).toHaveAccessibleName('5 out of 5 stars');
      await visitor.close();
    });
  } finally {
    await ada.close();
    await api.dispose();
  }
});
