import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { orderItems, products } from '../../../src/server/db/schema';
import { commerceApi } from '../../../src/shared/api/commerce';
import type { orderCreateRequest } from '../../../src/shared/contracts/commerce';
import { COMMERCE_LIMITS } from '../../../src/shared/contracts/commerce-rules';
import { createTestApp, type TestApp } from '../../helpers/app';
import { signedInUser } from '../../factories/accounts';
import { createProduct } from '../../factories/catalog';
import { createTestAddress, readTestOrder } from '../../factories/commerce';
import { market, refusedCall, stockOf, typedCalls, unchanged, type Auth } from './checkout-support';

let t: TestApp;
const api = typedCalls(() => t);
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

async function shop() {
  const { maya, leo, sam, home } = await market(t);
  const lamp = await createProduct(t, maya.user, {
    title: 'Lamp',
    price: 10.05,
    shippingCost: 2.5,
    stock: 5,
  });
  const shirt = await createProduct(t, leo.user, {
    title: 'Shirt',
    price: 20,
    shippingCost: 0,
    stock: 10,
    variations: [
      {
        name: 'Size',
        options: [
          { name: 'M', priceDelta: 0, stock: 4 },
          { name: 'XL', priceDelta: 3.33, stock: 1 },
        ],
      },
    ],
  });
  return { maya, leo, sam, lamp, shirt, home };
}

/** POST /orders; a body off the contract goes as a script would send it, past the client's types. */
const placeOrder = (auth: Auth, body: object) =>
  api.call(auth, commerceApi.createOrder, { body: body as z.input<typeof orderCreateRequest> });

describe('POST /orders', () => {
  it('prices from the database, reserves stock and splits the order per seller', async () => {
    const { maya, leo, sam, lamp, shirt, home } = await shop();
    const { order } = await placeOrder(sam.auth, {
      items: [
        { _id: lamp._id, amount: 3, selectedVariations: {} },
        { _id: shirt._id, amount: 1, selectedVariations: { Size: 'XL' } },
      ],
      shippingAddressId: home.id,
    });
    expect(api.status()).toBe(201);
    // Lamp: 3 × 10.05 + 3 × 2.50 shipping; shirt XL: 23.33. Tax 10% of (53.48 + 7.50) = 6.098 → 6.10.
    expect(order).toMatchObject({
      status: 'pending',
      currency: 'USD',
      subtotal: 53.48,
      shipping: 7.5,
      tax: 6.1,
      totalWithTax: 59.58,
      grandTotal: 67.08,
      paymentProvider: 'local',
      paymentError: null,
      paidAt: null,
    });
    expect(Date.parse(order.expiresAt) - Date.parse(order.createdAt)).toBe(
      COMMERCE_LIMITS.holdMinutes * 60_000,
    );
    // Billing defaults to the shipping address.
    expect(order.billingAddress).toEqual(order.shippingAddress);
    expect(order.shippingAddress).toMatchObject({ line1: '1 Main Street', country: 'US' });

    const parts = order.transactions as {
      seller: { _id: string };
      items: { title: string; price: number; amount: number; selectedVariations: object }[];
      subtotal: number;
      shipping: number;
      tax: number;
      total: number;
      status: string;
    }[];
    expect(parts.map((p) => p.seller._id).sort()).toEqual([maya.user.id, leo.user.id].sort());
    const mayas = parts.find((p) => p.seller._id === maya.user.id)!;
    const leos = parts.find((p) => p.seller._id === leo.user.id)!;
    expect(mayas.items).toMatchObject([
      { title: 'Lamp', price: 10.05, amount: 3, selectedVariations: {} },
    ]);
    expect(leos.items).toMatchObject([
      { title: 'Shirt', price: 23.33, amount: 1, selectedVariations: { Size: 'XL' } },
    ]);
    expect(parts.every((p) => p.status === 'pending')).toBe(true);
    // The parts add up to the order to the cent (tax shared by the largest remainder).
    const cents = (xs: number[]) => xs.reduce((a, x) => a + Math.round(x * 100), 0);
    expect(cents(parts.map((p) => p.tax))).toBe(610);
    expect(cents(parts.map((p) => p.total))).toBe(6708);
    expect(mayas).toMatchObject({ subtotal: 30.15, shipping: 7.5, tax: 3.77, total: 41.42 });
    expect(leos).toMatchObject({ subtotal: 23.33, shipping: 0, tax: 2.33, total: 25.66 });

    expect(await stockOf(t, lamp._id)).toBe(2);
    const [shirtRow] = await t.deps.database.db
      .select()
      .from(products)
      .where(eq(products.id, shirt._id));
    expect(shirtRow!.stock).toBe(9);
    expect(shirtRow!.variations[0]!.options.map((o) => o.stock)).toEqual([4, 0]);
  });

  it('ignores prices and totals a client sends (they are not in the contract)', async () => {
    const { sam, lamp, home } = await shop();
    const honest = await placeOrder(sam.auth, {
      items: [{ _id: lamp._id, amount: 1, selectedVariations: {} }],
      shippingAddressId: home.id,
    });
    const tampered = await placeOrder(sam.auth, {
      items: [
        {
          _id: lamp._id,
          amount: 1,
          selectedVariations: {},
          price: 0.01,
          shippingCost: 0,
          priceMinor: 1,
        },
      ],
      shippingAddressId: home.id,
      subtotal: 0.01,
      tax: 0,
      shipping: 0,
      grandTotal: 0.01,
      totals: { grandTotal: 0.01 },
    });
    expect(api.status()).toBe(201);
    const totals = (o: { order: Record<string, unknown> }) => {
      const { subtotal, shipping, tax, grandTotal, transactions } = o.order;
      return {
        subtotal,
        shipping,
        tax,
        grandTotal,
        items: (transactions as { items: unknown[] }[])[0]!.items.map((i) => ({
          ...(i as object),
          _id: 0,
        })),
      };
    };
    expect(totals(tampered)).toEqual(totals(honest));
    expect(tampered.order.grandTotal).toBe(13.81);
  });

  it('copies the lines at purchase time: later edits to the post do not change the order', async () => {
    const { sam, lamp, home } = await shop();
    const { order } = await placeOrder(sam.auth, {
      items: [{ _id: lamp._id, amount: 1, selectedVariations: {} }],
      shippingAddressId: home.id,
    });
    await t.deps.database.db
      .update(products)
      .set({ title: 'Renamed lamp', priceMinor: 99_999 })
      .where(eq(products.id, lamp._id));
    const again = await readTestOrder(t, order._id);
    expect(again.transactions[0]!.items[0]).toMatchObject({ title: 'Lamp', price: 10.05 });
    expect(again.grandTotal).toBe(order.grandTotal);
  });

  it('refuses bad amounts, unknown, unpublished and own posts, unknown options: 400, nothing changed', async () => {
    const { sam, lamp, shirt, home } = await shop();
    const draft = await createProduct(t, (await signedInUser(t.deps)).user, {
      title: 'Draft',
      status: 'draft',
    });
    const own = await createProduct(t, sam.user, { title: 'Mine' });
    const ids = [lamp._id, shirt._id, draft._id, own._id];
    const line = (over: object) => ({ _id: lamp._id, amount: 1, selectedVariations: {}, ...over });
    await unchanged(t, ids, async () => {
      for (const [amount, message] of [
        [0, 'items.0.amount: The amount must be at least 1.'],
        [-2, 'items.0.amount: The amount must be at least 1.'],
        [1.5, 'items.0.amount: The amount must be a whole number.'],
        ['2', 'items.0.amount: Must be a whole number.'],
        [
          COMMERCE_LIMITS.amountMax + 1,
          `items.0.amount: You can buy at most ${COMMERCE_LIMITS.amountMax} of one item at a time.`,
        ],
      ] as const) {
        const body = await refusedCall(
          placeOrder(sam.auth, { items: [line({ amount })], shippingAddressId: home.id }),
          400,
          'VALIDATION_ERROR',
        );
        if (typeof amount === 'number') expect(body.message).toBe(message);
      }
      for (const [bad, message] of [
        [{ _id: randomUUID() }, 'An item in your cart is no longer available.'],
        // A draft is refused like an unknown id, naming nothing (docs/decisions/051).
        [{ _id: draft._id }, 'An item in your cart is no longer available.'],
        [{ _id: own._id }, '“Mine” is your own post: you cannot buy it.'],
        [
          { _id: shirt._id, selectedVariations: { Size: 'XXL' } },
          'Choose one of the available options of “Shirt”.',
        ],
        [
          { _id: shirt._id, selectedVariations: { Colour: 'Red', Size: 'M' } },
          'Choose one of the available options of “Shirt”.',
        ],
        [{ _id: shirt._id }, 'Choose one of the available options of “Shirt”.'],
      ] as const) {
        // A good line first: it must not be reserved when a later one fails.
        const res = placeOrder(sam.auth, {
          items: [line({}), line(bad)],
          shippingAddressId: home.id,
        });
        expect((await refusedCall(res, 400, 'ITEM_UNAVAILABLE')).message).toBe(message);
      }
      await refusedCall(
        placeOrder(sam.auth, { items: [], shippingAddressId: home.id }),
        400,
        'VALIDATION_ERROR',
      );
    });
  });

  it('refuses too little stock with 409 OUT_OF_STOCK, nothing reserved', async () => {
    const { sam, lamp, shirt, home } = await shop();
    await unchanged(t, [lamp._id, shirt._id], async () => {
      const res = placeOrder(sam.auth, {
        items: [
          { _id: lamp._id, amount: 1, selectedVariations: {} },
          { _id: shirt._id, amount: 2, selectedVariations: { Size: 'XL' } },
        ],
        shippingAddressId: home.id,
      });
      expect((await refusedCall(res, 409, 'OUT_OF_STOCK')).message).toBe(
        'Only 1 of “Shirt” is left.',
      );
      // Two lines of one post share its stock.
      const split = placeOrder(sam.auth, {
        items: [
          { _id: lamp._id, amount: 3, selectedVariations: {} },
          { _id: lamp._id, amount: 3, selectedVariations: {} },
        ],
        shippingAddressId: home.id,
      });
      expect((await refusedCall(split, 409, 'OUT_OF_STOCK')).message).toBe(
        'Only 2 of “Lamp” are left.',
      );
    });
  });

  it('refuses another member’s or an unknown address with 404, nothing changed', async () => {
    const { sam, lamp, home } = await shop();
    const leo = await signedInUser(t.deps);
    const leosHome = await createTestAddress(t, leo.user.id);
    const items = [{ _id: lamp._id, amount: 1, selectedVariations: {} }];
    await unchanged(t, [lamp._id], async () => {
      for (const body of [
        { items, shippingAddressId: leosHome.id },
        { items, shippingAddressId: home.id, billingAddressId: leosHome.id },
        { items, shippingAddressId: randomUUID() },
      ]) {
        const refusal = await refusedCall(placeOrder(sam.auth, body), 404, 'ADDRESS_NOT_FOUND');
        expect(refusal.message).toBe(
          'This address could not be found. Choose one of your saved addresses.',
        );
      }
    });
  });

  it('keeps the billing address apart when one is given', async () => {
    const { sam, lamp, home } = await shop();
    const office = await createTestAddress(t, sam.user.id, { line1: '9 Office Park' });
    const { order } = await placeOrder(sam.auth, {
      items: [{ _id: lamp._id, amount: 1, selectedVariations: {} }],
      shippingAddressId: home.id,
      billingAddressId: office.id,
    });
    expect(order.billingAddress.line1).toBe('9 Office Park');
    expect(order.shippingAddress.line1).toBe('1 Main Street');
    // The order keeps its copy when the book entry goes.
    await api.call(sam.auth, commerceApi.deleteAddress, { query: { id: office.id } });
    expect((await readTestOrder(t, order._id)).billingAddress.line1).toBe('9 Office Park');
    const items = await t.deps.database.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, order._id));
    expect(items).toHaveLength(1);
  });

  it('limits order placement per member (429 with a sentence)', async () => {
    const { sam, lamp } = await shop();
    const items = [{ _id: lamp._id, amount: 1, selectedVariations: {} }];
    for (let i = 0; i < 30; i++) {
      const res = placeOrder(sam.auth, { items, shippingAddressId: randomUUID() });
      await expect(res).rejects.toMatchObject({ status: 404 });
    }
    const limited = placeOrder(sam.auth, { items, shippingAddressId: randomUUID() });
    expect((await refusedCall(limited, 429, 'RATE_LIMITED')).message).toMatch(
      /^Too many attempts\./,
    );
  });
});
