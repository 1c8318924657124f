import type { Page } from '@playwright/test';
import { acceptCookies, expect, test } from './support';

/** The persisted cart as zustand's persist middleware stores it (features/cart/stores/cart-store.ts). */
const CART = {
  state: {
    items: [
      {
        _id: 'p-mug',
        amount: 2,
        price: 18,
        shippingCost: 4,
        selectedVariations: {},
        title: 'Blue mug',
      },
      {
        _id: 'p-bowl',
        amount: 1,
        price: 32.5,
        shippingCost: 0,
        selectedVariations: { size: 'L' },
        title: 'Bowl',
      },
    ],
    selectedShippingAddressId: null,
    selectedBillingAddressId: null,
    addressIsValid: false,
    selectedTab: 'cart',
  },
  version: 0,
};

async function openCheckoutWithCart(page: Page) {
  await page.goto('/about');
  await page.evaluate((cart) => localStorage.setItem('cart', JSON.stringify(cart)), CART);
  await page.goto('/checkout');
  await expect(page.getByTestId('cart-line')).toHaveCount(2);
}

const focusIsInside = (page: Page) =>
  page.evaluate(() => !!document.activeElement?.closest('[data-testid="modal"]'));

test.beforeEach(async ({ context, baseURL }) => acceptCookies(context, baseURL));

test('confirm modal: Nope keeps the cart, Okay empties it', async ({ page }) => {
  await openCheckoutWithCart(page);
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
  await openCheckoutWithCart(page);
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
