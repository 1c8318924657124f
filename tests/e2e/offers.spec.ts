import type { Browser, Page } from '@playwright/test';
import { accountsApi } from '../../src/shared/api/accounts';
import { catalogApi } from '../../src/shared/api/catalog';
import { offersApi } from '../../src/shared/api/offers';
import { MESSAGES } from '../../src/shared/messages';
import {
  DEMO_PASSWORD,
  acceptCookies,
  apiClient,
  expect,
  nextClientIp,
  okayModal,
  openCheckoutWithCart,
  test,
} from './support';
import { MAYA, apiLogin } from './catalog-support';
import { expectAccessible } from './axe';

// Offers (issue 27 point 2, docs/decisions/076) in the browser: the demo's accepted offer on
// sam's /offers, and maya answering leo's waiting offer on hers. Axe on both states.

const BOWL = 'Rust red serving bowl';
const MUG = 'Speckled stoneware mug, oatmeal glaze';
const SAM = { email: 'sam@demo.storefront.test', password: DEMO_PASSWORD };
const LEO = { email: 'leo@demo.storefront.test', password: DEMO_PASSWORD };

async function signedIn(browser: Browser, baseURL: string | undefined, who?: typeof SAM) {
  const context = await browser.newContext({
    baseURL,
    extraHTTPHeaders: { 'x-forwarded-for': nextClientIp() },
  });
  await acceptCookies(context, baseURL);
  const page = await context.newPage();
  if (who) await apiLogin(page.request, who);
  return { page, close: () => context.close() };
}

test('sam sees the demo’s accepted offer, with its price and how long it holds', async ({
  browser,
  baseURL,
}) => {
  const { page, close } = await signedIn(browser, baseURL, SAM);
  await page.goto('/offers');
  const card = page.getByTestId('offers-sent').getByTestId('offer-card').first();
  await expect(card).toContainText('Rust red serving bowl');
  await expect(card.getByTestId('offer-amount')).toHaveText('$55.00');
  await expect(card.getByTestId('offer-status')).toContainText('Accepted · valid until');
  await expectAccessible(page, '/offers (buyer, an accepted offer)');

  // From the offer to the checkout: one bowl, at the offer's price, with the post's shipping.
  await card.getByRole('button', { name: 'Add to cart at $55.00' }).click();
  await expect(card.getByTestId('offer-added')).toHaveText('Added to your cart. Check out');
  await expect(page.getByTestId('cart-link')).toHaveAttribute('aria-label', 'Cart, 1 item');
  await card.getByRole('link', { name: 'Check out' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  const line = page.getByTestId('cart-line');
  await expect(line).toContainText(BOWL);
  await expect(line.getByTestId('cart-line-amount')).toHaveValue('1');
  await expect(line.getByTestId('cart-line-price')).toHaveText('$55.00 each · shipping $9.00 each');
  await expect(line.getByTestId('cart-line-subtotal')).toContainText('$55.00');
  // Once the server has re-priced the cart (the bowl's stock is known), it agrees with
  // everything the line carried: no notice.
  await expect(line).toContainText(/Only \d+ left\./);
  await expect(page.getByTestId('cart-notices')).toBeEmpty();
  // A second press does not make it two: an offer prices one item.
  await page.goBack();
  await card.getByRole('button', { name: 'Add to cart at $55.00' }).click();
  await expect(page.getByTestId('cart-link')).toHaveAttribute('aria-label', 'Cart, 1 item');
  await close();
});

test('on the bowl’s pages sam is offered his accepted price, not a second offer', async ({
  browser,
  baseURL,
}) => {
  const { page, close } = await signedIn(browser, baseURL, SAM);
  // The seller's page, the same for everyone: the page state fills in sam's offer after load.
  await page.goto(await postPathOf(page, BOWL));
  const buy = page.getByTestId('offer-buy');
  await expect(buy).toHaveText('Buy at $55.00');
  await expect(buy).toHaveAccessibleDescription(/^Your offer price, one item, until .+ UTC\.$/);
  await expect(page.getByTestId('make-offer')).toHaveCount(0);
  await expectAccessible(page, 'the post page with an accepted offer');
  await buy.click();
  // On to the seller's checkout page: one bowl at the offer's price.
  await expect(page).toHaveURL(/\/maya\/checkout$/);
  const line = page.getByTestId('site-cart-line');
  await expect(line).toContainText(BOWL);
  await expect(line.getByTestId('site-cart-quantity')).toHaveText('1 × $55.00');

  // The marketplace's own post page says the same.
  await page.goto(`/products/${await postIdOf(page, BOWL)}`);
  await expect(page.getByTestId('offer-buy')).toHaveText('Buy at $55.00');
  await page.getByTestId('offer-buy').click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
  await expect(page.getByTestId('cart-line-price')).toHaveText('$55.00 each · shipping $9.00 each');
  await close();
});

test('maya accepts a waiting offer from /offers, reached from the side menu', async ({
  browser,
  baseURL,
}) => {
  const { page, close } = await signedIn(browser, baseURL, MAYA);
  await page.goto('/my-posts');
  await page.getByTestId('side-menu-button').click();
  await page.getByTestId('menu-offers').click();
  await expect(page).toHaveURL(/\/offers$/);
  const waiting = page
    .getByTestId('offers-received')
    .getByTestId('offer-card')
    .filter({ hasText: '$28.00' });
  await expect(waiting.getByTestId('offer-status')).toHaveText('Waiting for an answer');
  // Who offered is said once: no "· Buyer: Leo Park" after "Leo Park offered".
  await expect(waiting).toContainText('Leo Park offered $28.00 (listed at $34.00)');
  await expect(waiting).not.toContainText('Buyer:');
  // The mug comes in two sizes: leo's offer is for the regular one.
  await expect(waiting.getByTestId('offer-option')).toHaveText('Size: Regular 350 ml');
  await expectAccessible(page, '/offers (seller, an offer to answer)');
  await waiting.getByTestId('offer-counter').click();
  await expect(waiting.getByTestId('offer-counter-amount')).toBeVisible();
  await expectAccessible(page, '/offers (counter-offer form open)');
  await waiting.getByTestId('offer-accept').click();
  await okayModal(page, 'Offer accepted!');
  await expect(waiting.getByTestId('offer-status')).toContainText('Accepted · valid until');
  await close();
});

/** The demo post titled `title` (from the search call). */
async function postTitled(page: Page, title: string) {
  const { results } = await apiClient(page.request).call(catalogApi.search, {
    body: { query: title },
  });
  return results.find((r) => r.title === title)!;
}

/** The address of the demo post titled `title`. */
const postPathOf = async (page: Page, title: string) => (await postTitled(page, title)).path;

/** The id of the demo post titled `title`. */
const postIdOf = async (page: Page, title: string) => (await postTitled(page, title))._id;

test('a post that takes offers: signed out, the log-in modal; signed in, the offer is sent', async ({
  browser,
  baseURL,
}) => {
  const visitor = await signedIn(browser, baseURL);
  await visitor.page.goto(await postPathOf(visitor.page, BOWL));
  await visitor.page.getByTestId('make-offer').click();
  await okayModal(visitor.page, MESSAGES.loginRequired);
  await visitor.close();

  const { page, close } = await signedIn(browser, baseURL, LEO);
  await page.goto(await postPathOf(page, BOWL));
  await page.getByTestId('make-offer').click();
  const dialog = page.getByTestId('offer-dialog');
  await expect(dialog).toBeVisible();
  await expectAccessible(page, 'the post page with the offer form open');
  await dialog.getByTestId('offer-amount-input').fill('80');
  await dialog.getByTestId('offer-submit').click();
  await expect(dialog.getByTestId('offer-error')).toHaveText(
    'Offer less than the listed price of $68.00.',
  );
  await dialog.getByTestId('offer-amount-input').fill('60');
  await dialog.getByTestId('offer-note-input').fill('For my studio <b>table</b>');
  await dialog.getByTestId('offer-submit').click();
  await okayModal(page, 'Offer sent!');
  // The offer takes the button's place, and is still there when the page is opened again.
  const open = page.getByTestId('offer-open');
  await expect(open).toHaveText('Offer sent: $60.00');
  await expect(page.getByTestId('make-offer')).toHaveCount(0);
  await page.reload();
  await expect(open).toHaveText('Offer sent: $60.00');
  await expect(open).toHaveAccessibleDescription(
    'Your offer is waiting for Maya Chen’s answer. See your offers.',
  );
  await open.click();
  await expect(page).toHaveURL(/\/offers$/);
  const sent = page.getByTestId('offers-sent').getByTestId('offer-card').filter({ hasText: BOWL });
  await expect(sent).toContainText('“For my studio <b>table</b>”');
  await expect(sent.getByTestId('offer-amount')).toHaveText('$60.00');
  // Thought better of it: the maker takes a waiting offer back.
  await sent.getByRole('button', { name: 'Withdraw my offer of $60.00' }).click();
  await okayModal(page, 'Offer withdrawn.');
  await expect(sent.getByTestId('offer-status')).toHaveText('Withdrawn');
  await expect(sent.getByTestId('offer-withdraw')).toHaveCount(0);
  await close();
});

test('the seller sends an offer to the members who liked the mug', async ({ browser, baseURL }) => {
  const { page, close } = await signedIn(browser, baseURL, MAYA);
  await page.goto(await postPathOf(page, MUG));
  // The offer is for the option chosen on the post.
  await page.getByTestId('post-variations').getByText('Large 480 ml').click();
  await page.getByTestId('offer-to-likers').click();
  const dialog = page.getByTestId('offer-dialog');
  await expect(dialog).toContainText('gets this price for Size: Large 480 ml');
  await dialog.getByTestId('offer-amount-input').fill('29');
  await dialog.getByTestId('offer-submit').click();
  // sam and leo like the mug; leo already has an open offer for it, so sam alone gets this one.
  await okayModal(page, 'Your offer was sent to 1 member who liked this post.');
  await close();
});

test('the checkout shows sam the price of his accepted offer', async ({ browser, baseURL }) => {
  const { page, close } = await signedIn(browser, baseURL, SAM);
  await openCheckoutWithCart(page, [
    {
      _id: await postIdOf(page, BOWL),
      amount: 1,
      price: 68,
      shippingCost: 9,
      selectedVariations: {},
      title: BOWL,
    },
  ]);
  await expect(page.getByTestId('cart-line-note')).toContainText(
    `Your accepted offer prices “${BOWL}” at $55.00.`,
  );
  await expect(page.getByTestId('cart-line')).toContainText('$55.00');
  await expectAccessible(page, '/checkout with an offer price');
  await close();
});

/** Signs in through the API: the member's id and access token. */
async function login(page: Page, who: typeof SAM): Promise<{ id: string; token: string }> {
  const { user } = await apiClient(page.request).call(accountsApi.login, { body: who });
  return { id: user._id, token: user.token };
}

// Last in the file: leo keeps an accepted offer for the bowl (the test above withdrew his first).
test('an offer is answered in the conversation: maya counters, leo accepts', async ({
  browser,
  baseURL,
}) => {
  const buyer = await signedIn(browser, baseURL);
  const leo = await login(buyer.page, LEO);
  const seller = await signedIn(browser, baseURL);
  const maya = await login(seller.page, MAYA);
  await apiClient(buyer.page.request, { token: leo.token }).call(offersApi.makeOffer, {
    body: { postId: await postIdOf(buyer.page, BOWL), amount: 50, note: 'Could it be 50?' },
  });

  // Maya opens her conversation with leo: the offer is there, with her answers.
  await seller.page.goto(`/messages?with=${leo.id}`);
  const panel = seller.page.getByTestId('conversation-offers');
  const offer = panel.getByTestId('offer-card').filter({ hasText: BOWL });
  await expect(offer.getByTestId('offer-amount')).toHaveText('$50.00');
  await expect(offer).toContainText('“Could it be 50?”');
  await expect(offer.getByTestId('offer-status')).toHaveText('Waiting for an answer');
  await expectAccessible(seller.page, '/messages conversation with an offer to answer');
  await offer.getByRole('button', { name: 'Counter the offer of $50.00' }).click();
  await offer.getByTestId('offer-counter-amount').fill('58');
  await offer.getByTestId('offer-counter-send').click();
  await okayModal(seller.page, 'Counter-offer sent!');
  // The panel now shows her counter-offer, hers to withdraw, not to accept.
  const counter = panel.getByTestId('offer-card').filter({ hasText: '$58.00' });
  await expect(counter).toContainText('You offered $58.00 (listed at $68.00) · Buyer: Leo Park');
  await expect(counter.getByTestId('offer-withdraw')).toBeVisible();
  await expect(counter.getByTestId('offer-accept')).toHaveCount(0);
  // The countered offer is no longer in play (leo's accepted mug offer still is).
  await expect(panel.getByTestId('offer-card').filter({ hasText: '$50.00' })).toHaveCount(0);

  // Leo accepts it from his side of the conversation.
  await buyer.page.goto(`/messages?with=${maya.id}`);
  const his = buyer.page
    .getByTestId('conversation-offers')
    .getByTestId('offer-card')
    .filter({ hasText: '$58.00' });
  await his.getByRole('button', { name: 'Accept the offer of $58.00' }).click();
  await okayModal(buyer.page, 'Offer accepted!');
  await expect(his.getByTestId('offer-status')).toContainText('Accepted · valid until');
  // His next step is on the card: the post into his cart at the accepted price.
  await expect(his.getByRole('button', { name: 'Add to cart at $58.00' })).toBeVisible();
  await expect(buyer.page.getByTestId('thread')).toBeVisible();
  await expectAccessible(buyer.page, '/messages conversation with an accepted offer');
  await buyer.close();
  await seller.close();
});
