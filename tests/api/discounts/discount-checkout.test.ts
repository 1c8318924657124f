import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discountCodes } from '../../../src/server/db/schema';
import { COMMERCE_LIMITS } from '../../../src/shared/contracts/commerce-rules';
import { createTestApp, type TestApp } from '../../helpers/app';
import { signedInUser } from '../../factories/accounts';
import { createProduct } from '../../factories/catalog';
import { commerceApi } from '../../../src/shared/api/commerce';
import { answered, call, checkout, market, orderOf, refused, saveCode } from './discount-support';

/**
 * POST /orders with a discount code: the server alone prices it, on the owner's part only; tax on
 * the discounted items plus shipping; the fee on what the seller earns; refusals say which rule.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

async function shop() {
  // Free plan: its fee is a fixed share of what the seller earns (read back from the part).
  const { maya, leo, sam } = await market(t);
  const lamp = await createProduct(t, maya.user, {
    title: 'Lamp',
    price: 40,
    shippingCost: 5,
    stock: 50,
  });
  const vase = await createProduct(t, maya.user, {
    title: 'Vase',
    price: 20,
    shippingCost: 0,
    stock: 50,
  });
  const card = await createProduct(t, leo.user, {
    title: 'Card',
    price: 10,
    shippingCost: 2,
    stock: 50,
  });
  return { maya, leo, sam, lamp, vase, card };
}

const usesOf = async (id: string) =>
  (await t.deps.database.db.select().from(discountCodes).where(eq(discountCodes.id, id)))[0]!.uses;

describe('POST /orders with a discount code', () => {
  it('takes it off the owner’s part only, case-insensitively; tax on the discounted part; fee on what the seller earns', async () => {
    const { maya, sam, lamp, vase, card } = await shop();
    const code = await saveCode(t, maya.auth, { code: 'Spring25', kind: 'percent', value: 25 });
    const order = orderOf(await checkout(t, sam, [lamp._id, vase._id, card._id], 'spring25'));
    const mayas = order.transactions.find((p) => p.seller._id === maya.user.id)!;
    const leos = order.transactions.find((p) => p.seller._id !== maya.user.id)!;
    // Maya: items 60.00 − 15.00 = 45.00, shipping 5.00 → tax 5.00; Leo: 10.00 + 2.00 → tax 1.20.
    expect(mayas).toMatchObject({
      subtotal: 60,
      discountCode: 'Spring25',
      discount: 15,
      shipping: 5,
      tax: 5,
      total: 55,
    });
    expect(leos).toMatchObject({
      subtotal: 10,
      discountCode: null,
      discount: 0,
      shipping: 2,
      tax: 1.2,
      total: 13.2,
    });
    expect(mayas.platformFee).toBeGreaterThan(0);
    expect(mayas.payout).toBeCloseTo(55 - mayas.platformFee, 2);
    // The fee is on the 50.00 Maya earns, not on the 65.00 before the discount: at the same rate
    // as Leo's on his 12.00.
    expect(mayas.platformFee / 50).toBeCloseTo(leos.platformFee / 12, 2);
    expect(order).toMatchObject({
      subtotal: 70,
      discount: 15,
      shipping: 7,
      tax: 6.2,
      grandTotal: 68.2,
      totalWithTax: 61.2,
    });
    expect(await usesOf(code._id)).toBe(1);

    // The order reads the same afterwards (the seller's sale shows once paid: sales-discount test).
    const again = answered(
      await call(t, sam.auth, commerceApi.orders, { query: { id: order._id } }),
    );
    expect(again).toEqual({ order });
  });

  it('takes a fixed amount off the chosen posts only, never more than they cost', async () => {
    const { maya, sam, lamp, vase } = await shop();
    await saveCode(t, maya.auth, {
      code: 'VASE50',
      kind: 'amount',
      value: 50,
      scope: 'posts',
      postIds: [vase._id],
    });
    const order = orderOf(await checkout(t, sam, [lamp._id, vase._id], 'VASE50'));
    // Only the vase's 20.00 can come off.
    expect(order.transactions[0]).toMatchObject({
      subtotal: 60,
      discount: 20,
      shipping: 5,
      tax: 4.5,
      total: 49.5,
    });
  });

  it('answers which rule a code breaks, and changes nothing', async () => {
    const { maya, sam, lamp, vase, card } = await shop();
    const at = Date.now();
    const iso = (ms: number) => new Date(at + ms).toISOString();
    await saveCode(t, maya.auth, { code: 'OFF', kind: 'percent', value: 10, active: false });
    await saveCode(t, maya.auth, {
      code: 'OLD',
      kind: 'percent',
      value: 10,
      startsAt: iso(-86_400_000),
      endsAt: iso(-3_600_000),
    });
    await saveCode(t, maya.auth, {
      code: 'SOON',
      kind: 'percent',
      value: 10,
      startsAt: iso(86_400_000),
    });
    await saveCode(t, maya.auth, { code: 'BIG', kind: 'percent', value: 10, minOrder: 100 });
    await saveCode(t, maya.auth, {
      code: 'VASEONLY',
      kind: 'percent',
      value: 10,
      scope: 'posts',
      postIds: [vase._id],
    });
    const cases: [string[], string, number, string, RegExp][] = [
      [
        [card._id],
        'OFF',
        404,
        'DISCOUNT_CODE_NOT_FOUND',
        /No seller in your cart has the discount code “OFF”/,
      ],
      [
        [lamp._id],
        'NOPE',
        404,
        'DISCOUNT_CODE_NOT_FOUND',
        /No seller in your cart has the discount code “NOPE”/,
      ],
      [
        [lamp._id],
        'off',
        409,
        'DISCOUNT_CODE_UNUSABLE',
        /^The discount code “OFF” is not active\.$/,
      ],
      [
        [lamp._id],
        'old',
        409,
        'DISCOUNT_CODE_UNUSABLE',
        /^The discount code “OLD” expired on .+ UTC\.$/,
      ],
      [
        [lamp._id],
        'SOON',
        409,
        'DISCOUNT_CODE_UNUSABLE',
        /^The discount code “SOON” can be used from .+ UTC\.$/,
      ],
      [
        [lamp._id],
        'BIG',
        409,
        'DISCOUNT_CODE_UNUSABLE',
        /^To use the discount code “BIG”, buy at least \$100\.00 from Maya\.$/,
      ],
      [
        [lamp._id],
        'VASEONLY',
        409,
        'DISCOUNT_CODE_UNUSABLE',
        /applies to none of the items in your cart/,
      ],
    ];
    for (const [posts, code, status, errorCode, message] of cases) {
      const res = await checkout(t, sam, posts, code);
      expect(refused(res, status, errorCode).message, code).toMatch(message);
    }
    const mine = answered(
      await call(t, sam.auth, commerceApi.orders, { query: { userId: sam.user.id } }),
    );
    expect(mine).toMatchObject({ recordsCount: 0 });
  });

  it('a used-up code says so; letting the unpaid order go gives its use back', async () => {
    const { maya, sam, lamp } = await shop();
    const other = await signedInUser(t.deps, { accountType: 'buyer' });
    const code = await saveCode(t, maya.auth, {
      code: 'ONCE',
      kind: 'amount',
      value: 5,
      maxUses: 1,
    });
    const first = await checkout(t, sam, [lamp._id], 'ONCE');
    answered(first, 201);
    const again = await checkout(t, other, [lamp._id], 'once');
    expect(refused(again, 409, 'DISCOUNT_CODE_UNUSABLE').message).toBe(
      'The discount code “ONCE” has been used up.',
    );
    const cancel = await call(t, sam.auth, commerceApi.cancelOrder, {
      body: { id: orderOf(first)._id },
    });
    answered(cancel, 200);
    expect(await usesOf(code._id)).toBe(0);
    expect((await checkout(t, other, [lamp._id], 'ONCE')).status).toBe(201);
  });

  it('an expired unpaid order gives its use back too', async () => {
    const { maya, sam, lamp } = await shop();
    const code = await saveCode(t, maya.auth, {
      code: 'EXPIRE',
      kind: 'amount',
      value: 5,
      maxUses: 3,
    });
    expect((await checkout(t, sam, [lamp._id], 'EXPIRE')).status).toBe(201);
    expect(await usesOf(code._id)).toBe(1);
    t.advanceTime((COMMERCE_LIMITS.holdMinutes + 1) * 60_000);
    await t.runJobs();
    expect(await usesOf(code._id)).toBe(0);
  });

  it('holds each buyer to their number of uses; another buyer still may', async () => {
    const { maya, sam, lamp } = await shop();
    const other = await signedInUser(t.deps, { accountType: 'buyer' });
    await saveCode(t, maya.auth, { code: 'TWICE', kind: 'amount', value: 1, maxUsesPerBuyer: 2 });
    expect((await checkout(t, sam, [lamp._id], 'TWICE')).status).toBe(201);
    expect((await checkout(t, sam, [lamp._id], 'twice')).status).toBe(201);
    const third = await checkout(t, sam, [lamp._id], 'TWICE');
    expect(refused(third, 409, 'DISCOUNT_CODE_UNUSABLE').message).toBe(
      'You have already used the discount code “TWICE” 2 times: each buyer can use it 2 times.',
    );
    // Without the code the same buyer orders as usual, and another buyer still gets it.
    expect((await checkout(t, sam, [lamp._id])).status).toBe(201);
    const theirs = await checkout(t, other, [lamp._id], 'TWICE');
    expect(orderOf(theirs).discount).toBe(1);
  });

  it('two sellers with codes of the same name: each takes off its own part', async () => {
    const { maya, leo, sam, lamp, card } = await shop();
    await saveCode(t, maya.auth, { code: 'BOTH', kind: 'percent', value: 10 });
    await saveCode(t, leo.auth, { code: 'both', kind: 'amount', value: 1 });
    const order = orderOf(await checkout(t, sam, [lamp._id, card._id], 'Both'));
    const part = (id: string) => order.transactions.find((p) => p.seller._id === id)!;
    expect(part(maya.user.id)).toMatchObject({ discountCode: 'BOTH', discount: 4 });
    expect(part(leo.user.id)).toMatchObject({ discountCode: 'both', discount: 1 });
    expect(order.discount).toBe(5);
  });
});
