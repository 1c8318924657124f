import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { products } from '../../../src/server/db/schema';
import { commerceApi } from '../../../src/shared/api/commerce';
import type { cartRefreshRequest } from '../../../src/shared/contracts/commerce';
import { createTestApp, type TestApp } from '../../helpers/app';
import { signedInUser } from '../../factories/accounts';
import { createProduct } from '../../factories/catalog';
import { refusedCall, typedCalls, unchanged, type Auth } from './checkout-support';

let t: TestApp;
const api = typedCalls(() => t);
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

async function seller(name = 'Maya Maker') {
  return signedInUser(t.deps, { accountType: 'seller', name });
}

type Lines = z.input<typeof cartRefreshRequest>['items'];
/** POST /cart/refresh; malformed lines go as a script would send them, past the client's types. */
const refresh = (auth: Auth | null, items: readonly unknown[]) =>
  api.call(auth, commerceApi.refreshCart, { body: { items: items as Lines } });

const setRow = (id: string, values: Partial<typeof products.$inferInsert>) =>
  t.deps.database.db.update(products).set(values).where(eq(products.id, id));

describe('POST /cart/refresh', () => {
  it('answers each line as it stands, with no notice when nothing changed', async () => {
    const maya = await seller();
    const post = await createProduct(t, maya.user, {
      title: 'Walnut stool',
      price: 120,
      shippingCost: 15.5,
      stock: 4,
    });
    const cart = await refresh(null, [
      { _id: post._id, amount: 2, selectedVariations: {}, price: 120, shippingCost: 15.5 },
    ]);
    expect(api.status()).toBe(200);
    expect(cart.items).toEqual([
      {
        _id: post._id,
        selectedVariations: {},
        requested: 2,
        amount: 2,
        title: 'Walnut stool',
        image: null,
        price: 120,
        shippingCost: 15.5,
        stock: 4,
        sellerId: maya.user.id,
        sellerName: 'Maya Maker',
        sellerUsername: maya.user.username,
        problem: null,
        notice: null,
      },
    ]);
  });

  it('says in a sentence what changed: price, shipping, stock (amount capped), gone, own post, option', async () => {
    const maya = await seller();
    const sam = await signedInUser(t.deps);
    const repriced = await createProduct(t, maya.user, {
      title: 'Lamp',
      price: 10,
      shippingCost: 1,
    });
    const scarce = await createProduct(t, maya.user, { title: 'Mug', price: 8, stock: 2 });
    const soldOut = await createProduct(t, maya.user, { title: 'Vase', price: 30, stock: 1 });
    const hidden = await createProduct(t, maya.user, { title: 'Draft chair', price: 50 });
    const shirt = await createProduct(t, maya.user, {
      title: 'Shirt',
      price: 20,
      variations: [{ name: 'Size', options: [{ name: 'S' }, { name: 'M' }] }],
    });
    const samsOwn = await createProduct(t, sam.user, { title: 'My own bowl', price: 5 });
    await setRow(repriced._id, { priceMinor: 1200, shippingMinor: 250 });
    await setRow(soldOut._id, { stock: 0 });
    await setRow(hidden._id, { status: 'draft' });

    const cart = await refresh(sam.auth, [
      { _id: repriced._id, amount: 1, selectedVariations: {}, price: 10, shippingCost: 1 },
      { _id: scarce._id, amount: 5, selectedVariations: {}, price: 8 },
      { _id: soldOut._id, amount: 1, selectedVariations: {} },
      { _id: hidden._id, amount: 1, selectedVariations: {}, price: 50 },
      { _id: shirt._id, amount: 1, selectedVariations: { Size: 'XL' } },
      { _id: samsOwn._id, amount: 1, selectedVariations: {} },
      { _id: randomUUID(), amount: 3, selectedVariations: {} },
    ]);
    expect(api.status()).toBe(200);
    const lines = cart.items;
    const pick = (l: (typeof lines)[number]) => [l.problem, l.amount, l.notice];
    expect(lines.map(pick)).toEqual([
      [
        null,
        1,
        'The price of “Lamp” changed from $10.00 to $12.00. The shipping cost of “Lamp” changed from $1.00 to $2.50.',
      ],
      ['stock', 2, 'Only 2 of “Mug” are left: your amount is now 2.'],
      ['stock', 0, '“Vase” is sold out.'],
      // A draft is answered like an unknown id: nothing about it (docs/decisions/051).
      ['unavailable', 0, 'An item in your cart is no longer available.'],
      [
        'variation',
        0,
        'The options of “Shirt” have changed: choose one of the available options again.',
      ],
      ['own_post', 0, '“My own bowl” is your own post: you cannot buy it.'],
      ['unavailable', 0, 'An item in your cart is no longer available.'],
    ]);
    expect(lines[0]).toMatchObject({ price: 12, shippingCost: 2.5 });
    expect(lines[1]).toMatchObject({ requested: 5, stock: 2 });
    expect(lines[6]).toMatchObject({ title: null, sellerId: null, requested: 3 });
    const { _id: _draft, requested: _r, ...draftLine } = lines[3]!;
    const { _id: _unknown, requested: _r2, ...unknownLine } = lines[6]!;
    expect(draftLine).toEqual(unknownLine);
    expect(draftLine).toMatchObject({ title: null, image: null, price: 0, sellerName: null });
  });

  it('shares one post’s stock among its lines, in cart order', async () => {
    const maya = await seller();
    const shirt = await createProduct(t, maya.user, {
      title: 'Tee',
      price: 20,
      stock: 3,
      variations: [
        {
          name: 'Size',
          options: [
            { name: 'S', stock: 5 },
            { name: 'M', stock: 1 },
          ],
        },
      ],
    });
    const { items: lines } = await refresh(null, [
      { _id: shirt._id, amount: 2, selectedVariations: { Size: 'M' } },
      { _id: shirt._id, amount: 3, selectedVariations: { Size: 'S' } },
      { _id: shirt._id, amount: 1, selectedVariations: { Size: 'S' } },
    ]);
    // M has one; the post has three in all: 1 M, then 2 of the 3 S asked, then none left.
    expect(lines.map((l) => [l.amount, l.stock])).toEqual([
      [1, 1],
      [2, 2],
      [0, 0],
    ]);
    expect(lines[0]!.notice).toBe('Only 1 of “Tee” is left: your amount is now 1.');
    expect(lines[2]!.notice).toBe('“Tee” is sold out.');
  });

  it('formats money in the deployment’s currency with Intl', async () => {
    const euro = await createTestApp({}, { CURRENCY: 'EUR' });
    try {
      const maya = await signedInUser(euro.deps, { accountType: 'seller' });
      const post = await createProduct(euro, maya.user, { title: 'Print', price: 1234.5 });
      const cart = await typedCalls(() => euro).call(null, commerceApi.refreshCart, {
        body: { items: [{ _id: post._id, amount: 1, selectedVariations: {}, price: 1000 }] },
      });
      expect(cart.items[0]!.notice).toBe(
        'The price of “Print” changed from €1,000.00 to €1,234.50.',
      );
    } finally {
      await euro.close();
    }
  });

  it('reserves nothing, and refuses malformed carts with a sentence', async () => {
    const maya = await seller();
    const post = await createProduct(t, maya.user, { stock: 2 });
    await unchanged(t, [post._id], async () => {
      await refresh(null, [{ _id: post._id, amount: 2, selectedVariations: {} }]);
      expect(api.status()).toBe(200);
      for (const [items, message] of [
        [[], 'items: Your cart is empty.'],
        [[{ _id: post._id, amount: 0 }], 'items.0.amount: The amount must be at least 1.'],
        [[{ _id: post._id, amount: -1 }], 'items.0.amount: The amount must be at least 1.'],
        [[{ _id: post._id, amount: 1.5 }], 'items.0.amount: The amount must be a whole number.'],
        [[{ _id: post._id, amount: 1, price: -3 }], 'items.0.price: Must be 0 or more.'],
        [[{ _id: 'not-an-id', amount: 1 }], 'items.0._id: Must be a post id.'],
      ] as const) {
        const refusal = await refusedCall(refresh(null, items), 400, 'VALIDATION_ERROR');
        expect(refusal.message).toBe(message);
      }
    });
  });
});
