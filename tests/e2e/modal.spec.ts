import type { Page } from '@playwright/test';
import { CART_LINES, acceptCookies, expect, openCheckoutWithCart, test } from './support';

const focusIsInside = (page: Page) =>
  page.evaluate(() => !!document.activeElement?.closest('[data-testid="modal"]'));

test.beforeEach(async ({ context, baseURL }) => acceptCookies(context, baseURL));

test('confirm modal: Nope keeps the cart, Okay empties it', async ({ page }) => {
  await openCheckoutWithCart(page, [CART_LINES.mug, CART_LINES.bowl]);
  const dialog = page.getByRole('alertdialog');

  await page.getByTestId('cart-clear').click();
  await expect(dialog).toContainText('Remove every item from your cart?');
  await expect(dialog.getByRole('button', { name: 'Okay' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Nope' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('cart-line')).toHaveCount(2);

  await page.getByTestId('cart-clear').click();
  await dialog.getByRole('button', { name: 'Okay' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('cart-empty')).toBeVisible();
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? '{}'));
  expect(stored.state.items).toEqual([]);
  // …and stays empty after a reload.
  await page.reload();
  await expect(page.getByTestId('cart-empty')).toBeVisible();
});

test('the modal traps keyboard focus, and Escape acts as Nope', async ({ page }) => {
  await openCheckoutWithCart(page, [CART_LINES.mug, CART_LINES.bowl]);
  const dialog = page.getByRole('alertdialog');
  await page.getByTestId('cart-clear').click();
  await expect(dialog).toBeVisible();
  expect(await focusIsInside(page)).toBe(true);

  // Tab and Shift+Tab cycle between Nope and Okay without leaving the dialog.
  const seen = new Set<string>();
  for (const key of ['Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab']) {
    await page.keyboard.press(key);
    expect(await focusIsInside(page)).toBe(true);
    seen.add(await page.evaluate(() => document.activeElement?.textContent ?? ''));
  }
  expect([...seen].sort()).toEqual(['Nope', 'Okay']);

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('cart-line')).toHaveCount(2);
});
