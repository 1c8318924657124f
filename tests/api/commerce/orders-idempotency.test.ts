import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { discountRedemptions } from '../../../src/server/db/schema';
import { commerceApi } from '../../../src/shared/api/commerce';
import { discountsApi } from '../../../src/shared/api/discounts';
import type { orderCreateRequest } from '../../../src/shared/contracts/commerce';
import { createTestApp, type TestApp } from '../../helpers/app';
import { signedInUser } from '../../factories/accounts';
import { createProduct } from '../../factories/catalog';
import { createTestAddress } from '../../factories/commerce';
import { market, offerCalls, offerRow } from '../offers/offer-support';
import {
  refusedCall,
  snapshot,
  stockOf,
  typedCalls,
  unchanged,
  type Auth,
} from './checkout-support';

/**
 * POST /orders with an idempotency key (docs/decisions/077): a repeat of the key by the same buyer
 * answers the order the key placed — 201, the same order — and holds no stock, takes no code use
 * and no offer again. Run on PGlite and on PostgreSQL (TEST_DB=postgres), where the concurrent
 * requests truly race on a pool of connections.
 */
let t: TestApp;
const api = typedCalls(() => t);
const offerApi = offerCalls(() => t);
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

type OrderBody = z.input<typeof orderCreateRequest>;
const place = (auth: Auth, body: OrderBody) => api.call(auth, commerceApi.createOrder, { body });

/**
 * Maya's lamp (Sam's accepted offer: 30 instead of 40) and mug (20, her code SPRING takes 10 %),
 * and Sam's cart of both: one order that holds stock, takes a code use and uses an offer.
 */
async function cartWithEverything() {
  const { maya, sam, post: lamp } = await market(t);
  const mug = await createProduct(t, maya.user, { title: 'Mug', price: 20, stock: 5 });
  const { offer } = await offerApi.make(sam.auth, { postId: lamp._id, amount: 30 });
  await offerApi.respond(maya.auth, { id: offer._id, action: 'accept' });
  const { discount } = await api.call(maya.auth, discountsApi.saveDiscount, {
    body: { code: 'SPRING', kind: 'percent', value: 10, maxUses: 10 },
  });
  const home = await createTestAddress(t, sam.user.id);
  const body: OrderBody = {
    items: [
      { _id: lamp._id, amount: 1, selectedVariations: {}, offerId: offer._id },
      { _id: mug._id, amount: 2, selectedVariations: {} },
    ],
    shippingAddressId: home.id,
    discountCode: 'spring',
  };
  return { maya, sam, lamp, mug, offer, code: discount, home, body };
}

const usesOf = async (codeId: string) =>
  (await snapshot(t)).codeUses.find((c) => c.id === codeId)!.uses;
const redemptionsOf = (codeId: string) =>
  t.deps.database.db
    .select()
    .from(discountRedemptions)
    .where(eq(discountRedemptions.codeId, codeId));

describe('POST /orders with an idempotency key', () => {
  it('answers a repeat with the order the key placed, taking nothing again', async () => {
    const { sam, lamp, mug, offer, code, body } = await cartWithEverything();
    const key = randomUUID();
    const { order } = await place(sam.auth, { ...body, idempotencyKey: key });
    expect(api.status()).toBe(201);
    // 30 (offer) + 2 × 20 − 10 % of the mugs.
    expect(order).toMatchObject({ subtotal: 70, discount: 4 });

    await unchanged(t, [lamp._id, mug._id], async () => {
      // The retry of a lost answer: the same answer, exactly.
      expect(await place(sam.auth, { ...body, idempotencyKey: key })).toEqual({ order });
      expect(api.status()).toBe(201);
      // The key names the attempt, not the cart: another cart with it still answers that order.
      const other = { items: [{ _id: mug._id, amount: 1, selectedVariations: {} }] };
      expect(await place(sam.auth, { ...body, ...other, idempotencyKey: key })).toEqual({ order });
      expect(api.status()).toBe(201);
    });
    expect([await stockOf(t, lamp._id), await stockOf(t, mug._id)]).toEqual([4, 3]);
    expect(await usesOf(code._id)).toBe(1);
    expect(await redemptionsOf(code._id)).toMatchObject([{ orderId: order._id }]);
    expect(await offerRow(t, offer._id)).toMatchObject({ status: 'used', orderId: order._id });
  });

  it('answers the order as it is now: once cancelled, the key still names it', async () => {
    const { sam, lamp, mug, body } = await cartWithEverything();
    const key = randomUUID();
    const { order } = await place(sam.auth, { ...body, idempotencyKey: key });
    await api.call(sam.auth, commerceApi.cancelOrder, { body: { id: order._id } });
    await unchanged(t, [lamp._id, mug._id], async () => {
      const again = await place(sam.auth, { ...body, idempotencyKey: key });
      expect(api.status()).toBe(201);
      expect(again.order).toMatchObject({ _id: order._id, status: 'cancelled' });
    });
    // A new attempt takes a new key, and places a new order.
    const next = await place(sam.auth, { ...body, idempotencyKey: randomUUID() });
    expect(next.order._id).not.toBe(order._id);
  });

  it('places one order per key, and one per request without a key', async () => {
    const { sam, mug, code, body } = await cartWithEverything();
    const cart = { ...body, items: [{ _id: mug._id, amount: 1, selectedVariations: {} }] };
    const before = await snapshot(t, [mug._id]);
    const first = await place(sam.auth, { ...cart, idempotencyKey: randomUUID() });
    const second = await place(sam.auth, { ...cart, idempotencyKey: randomUUID() });
    const third = await place(sam.auth, cart);
    expect(api.status()).toBe(201);
    const ids = new Set([first, second, third].map((r) => r.order._id));
    expect(ids.size).toBe(3);
    const after = await snapshot(t, [mug._id]);
    expect(after.orders).toBe(before.orders + 3);
    expect(await stockOf(t, mug._id)).toBe(5 - 3);
    expect(await usesOf(code._id)).toBe(3);
  });

  it('keeps keys per buyer: another buyer’s order with the same key is their own', async () => {
    const { sam, mug, body } = await cartWithEverything();
    const ada = await signedInUser(t.deps, { accountType: 'buyer', name: 'Ada' });
    const adasHome = await createTestAddress(t, ada.user.id);
    const cart = { items: [{ _id: mug._id, amount: 1, selectedVariations: {} }] };
    const key = randomUUID();
    const sams = await place(sam.auth, { ...body, ...cart, idempotencyKey: key });
    const adas = await place(ada.auth, {
      ...cart,
      shippingAddressId: adasHome.id,
      idempotencyKey: key,
    });
    expect(api.status()).toBe(201);
    expect(adas.order._id).not.toBe(sams.order._id);
    expect(adas.order.transactions[0]!.buyer._id).toBe(ada.user.id);
    expect(await stockOf(t, mug._id)).toBe(3);
    // Each one's repeat answers their own.
    await unchanged(t, [mug._id], async () => {
      expect(
        await place(ada.auth, { ...cart, shippingAddressId: adasHome.id, idempotencyKey: key }),
      ).toEqual(adas);
      expect(await place(sam.auth, { ...body, ...cart, idempotencyKey: key })).toEqual(sams);
    });
  });

  it('places one order for requests with the same key at once; each answers it', async () => {
    const { sam, lamp, mug, offer, code, body } = await cartWithEverything();
    const key = randomUUID();
    const before = await snapshot(t, [lamp._id, mug._id]);
    api.statuses();
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => place(sam.auth, { ...body, idempotencyKey: key })),
    );
    expect(api.statuses()).toEqual([201, 201, 201, 201]);
    const [{ order }] = answers as [(typeof answers)[number]];
    for (const answer of answers) expect(answer).toEqual({ order });
    expect((await snapshot(t)).orders).toBe(before.orders + 1);
    expect([await stockOf(t, lamp._id), await stockOf(t, mug._id)]).toEqual([4, 3]);
    expect(await usesOf(code._id)).toBe(1);
    expect(await redemptionsOf(code._id)).toHaveLength(1);
    expect(await offerRow(t, offer._id)).toMatchObject({ status: 'used', orderId: order._id });
  });

  it('refuses a key that is not 8 to 100 letters, digits, “-” or “_” (400, nothing placed)', async () => {
    const { sam, mug, body } = await cartWithEverything();
    const cart = { ...body, items: body.items.slice(1) };
    await unchanged(t, [mug._id], async () => {
      for (const idempotencyKey of [
        'short',
        'a'.repeat(101),
        'has spaces in it',
        'ключ-ключ-ключ',
      ]) {
        const refusal = await refusedCall(
          place(sam.auth, { ...cart, idempotencyKey }),
          400,
          'VALIDATION_ERROR',
        );
        expect(refusal.message).toBe(
          'idempotencyKey: Must be 8 to 100 letters, digits, “-” or “_” (one key per attempt to place an order, such as a UUID).',
        );
      }
    });
    await place(sam.auth, { ...cart, idempotencyKey: 'a'.repeat(8) });
    await place(sam.auth, { ...cart, idempotencyKey: `Az09_-${'x'.repeat(94)}` });
    expect(api.status()).toBe(201);
  });
});
