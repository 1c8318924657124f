import type { Browser } from '@playwright/test';
import { DEMO_PASSWORD, acceptCookies, expect, nextClientIp, okayModal, test } from './support';
import { MAYA, apiLogin } from './catalog-support';
import { expectAccessible } from './axe';

// Offers (issue 27 point 2, docs/decisions/076) in the browser: the demo's accepted offer on
// sam's /offers, and maya answering leo's waiting offer on hers. Axe on both states.

const SAM = { email: 'sam@demo.storefront.test', password: DEMO_PASSWORD };

async function signedIn(browser: Browser, baseURL: string | undefined, who: typeof SAM) {
  const context = await browser.newContext({
    baseURL,
    extraHTTPHeaders: { 'x-forwarded-for': nextClientIp() },
  });
  await acceptCookies(context, baseURL);
  const page = await context.newPage();
  await apiLogin(page.request, who);
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
  await expectAccessible(page, '/offers (seller, an offer to answer)');
  await waiting.getByTestId('offer-counter').click();
  await expect(waiting.getByTestId('offer-counter-amount')).toBeVisible();
  await expectAccessible(page, '/offers (counter-offer form open)');
  await waiting.getByTestId('offer-accept').click();
  await okayModal(page, 'Offer accepted!');
  await expect(waiting.getByTestId('offer-status')).toContainText('Accepted · valid until');
  await close();
});
