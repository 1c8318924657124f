import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cancelOwnOrder, placeOrder } from '../../../src/server/modules/commerce';
import { cartTotalsMinor } from '../../../src/shared/cart';
import { commerceApi } from '../../../src/shared/api/commerce';
import { toMinor } from '../../../src/shared/money';
import { createTestApp, type TestApp } from '../../helpers/app';
import { signedInUser } from '../../factories/accounts';
import { createProduct } from '../../factories/catalog';
import { createTestAddress } from '../../factories/commerce';
import { refusedCall, typedCalls, unchanged } from './checkout-support';

/**
 * The server's order totals on generated carts: the order is SPEC §9 on database prices, and its
 * parts (one per seller) add up to it exactly — items, shipping, tax and total — so what each
 * seller is paid plus the tax shares is always what the buyer was charged.
 */
let t: TestApp;
const api = typedCalls(() => t);
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const cents = (major: number) => toMinor(major);
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

const lineArb = fc.record({
  seller: fc.integer({ min: 0, max: 3 }),
  priceCents: fc.oneof(fc.integer({ min: 1, max: 999 }), fc.integer({ min: 1, max: 5_000_000 })),
  shippingCents: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 50_000 })),
  amount: fc.integer({ min: 1, max: 5 }),
});

describe('order totals (placeOrder on generated carts)', () => {
  it('the order is SPEC §9 on database prices, and its parts add up to it to the cent', async () => {
    // Business (no limit on published posts: the property publishes many; its fee is 1%).
    const sellers = await Promise.all(
      [0, 1, 2, 3].map(() => signedInUser(t.deps, { accountType: 'seller', plan: 'business' })),
    );
    const buyer = await signedInUser(t.deps, { accountType: 'buyer' });
    const address = await createTestAddress(t, buyer.user.id);
    await fc.assert(
      fc.asyncProperty(fc.array(lineArb, { minLength: 1, maxLength: 6 }), async (lines) => {
        const posts = await Promise.all(
          lines.map((l) =>
            createProduct(t, sellers[l.seller]!.user, {
              price: l.priceCents / 100,
              shippingCost: l.shippingCents / 100,
              stock: l.amount,
            }),
          ),
        );
        const order = await placeOrder(t.moduleDeps(), buyer.user.id, {
          items: posts.map((p, i) => ({
            _id: p._id,
            amount: lines[i]!.amount,
            selectedVariations: {},
          })),
          shippingAddressId: address.id,
        });
        // Let it go at once (its figures are kept): one buyer places every generated order, and a
        // member holds at most three unpaid orders (ADR 052) — a shrinking run included.
        await cancelOwnOrder(t.moduleDeps(), buyer.user.id, order._id);
        const want = cartTotalsMinor(
          lines.map((l) => ({
            amount: l.amount,
            price: l.priceCents / 100,
            shippingCost: l.shippingCents / 100,
          })),
        );
        expect(cents(order.subtotal)).toBe(want.subtotal);
        expect(cents(order.shipping)).toBe(want.shipping);
        expect(cents(order.tax)).toBe(want.tax);
        expect(cents(order.grandTotal)).toBe(want.grandTotal);
        const parts = order.transactions;
        expect(parts).toHaveLength(new Set(lines.map((l) => l.seller)).size);
        expect(sum(parts.map((p) => cents(p.total)))).toBe(cents(order.grandTotal));
        expect(sum(parts.map((p) => cents(p.tax)))).toBe(cents(order.tax));
        expect(sum(parts.map((p) => cents(p.subtotal)))).toBe(cents(order.subtotal));
        expect(sum(parts.map((p) => cents(p.shipping)))).toBe(cents(order.shipping));
        for (const p of parts) {
          expect(cents(p.total)).toBe(cents(p.subtotal) + cents(p.shipping) + cents(p.tax));
          // Each part's tax share is within a cent of 10% of its own items and shipping.
          expect(
            Math.abs(cents(p.tax) - (cents(p.subtotal) + cents(p.shipping)) / 10),
          ).toBeLessThan(1);
          // The platform fee: 1% of the items and shipping, half up to the cent; paid out the rest.
          const base = cents(p.subtotal) + cents(p.shipping);
          expect(cents(p.platformFee)).toBe(Math.floor((base + 50) / 100));
          expect(cents(p.payout)).toBe(cents(p.total) - cents(p.platformFee));
        }
      }),
      { numRuns: 25 },
    );
  });

  it('refuses an order larger than a card payment can take (400), nothing reserved', async () => {
    const seller = await signedInUser(t.deps, { accountType: 'seller' });
    const buyer = await signedInUser(t.deps, { accountType: 'buyer' });
    const address = await createTestAddress(t, buyer.user.id);
    const yacht = await createProduct(t, seller.user, {
      title: 'Yacht',
      price: 1_000_000,
      stock: 99,
    });
    await unchanged(t, [yacht._id], async () => {
      const order = api.call(buyer.auth, commerceApi.createOrder, {
        body: {
          items: [{ _id: yacht._id, amount: 99, selectedVariations: {} }],
          shippingAddressId: address.id,
        },
      });
      expect((await refusedCall(order, 400, 'VALIDATION_ERROR')).message).toBe(
        'An order can total at most $999,999.99: place it as several smaller orders.',
      );
    });
  });
});
