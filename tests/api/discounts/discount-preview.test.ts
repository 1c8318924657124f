import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discountCodes } from '../../../src/server/db/schema';
import { createTestApp, type TestApp } from '../../helpers/app';
import { signedInUser } from '../../factories/accounts';
import { createProduct } from '../../factories/catalog';
import { createTestAddress } from '../../factories/commerce';
import { unchanged } from '../commerce/checkout-support';
import { answered, market, placeWith, preview, saveCode } from './discount-support';

/**
 * POST /discounts/preview (docs/decisions/073): what placing the cart with a code would do — the
 * same figures to the cent, the same refusal sentences — without taking a use or holding stock.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

async function shop() {
  const cast = await market(t);
  const post = (user: typeof cast.maya.user, title: string, price: number, shippingCost: number) =>
    createProduct(t, user, { title, price, shippingCost, stock: 50 });
  return {
    ...cast,
    lamp: await post(cast.maya.user, 'Lamp', 40.35, 5),
    vase: await post(cast.maya.user, 'Vase', 19.99, 0),
    card: await post(cast.leo.user, 'Card', 10.05, 2.5),
  };
}

const usesOf = async (id: string) =>
  (await t.deps.database.db.select().from(discountCodes).where(eq(discountCodes.id, id)))[0]!.uses;

describe('POST /discounts/preview', () => {
  it('prices the code on its owner’s part of a two-seller cart, exactly as the placed order', async () => {
    const { maya, leo, sam, home, lamp, vase, card } = await shop();
    await saveCode(t, maya.auth, { code: 'Spring15', kind: 'percent', value: 15 });
    const posts = [lamp._id, card._id, vase._id];
    const previewed = answered(await preview(t, sam.auth, posts, 'spring15'));
    // Maya: 60.34 − 9.05 (15 %, half-up) = 51.29, + 5.00 shipping; Leo: 10.05 + 2.50, no discount.
    expect(previewed).toMatchObject({ currency: 'USD', subtotal: 70.39, discount: 9.05 });
    const { parts } = previewed;
    const part = (id: string) => parts.find((p) => p.seller._id === id);
    expect(part(maya.user.id)).toMatchObject({
      seller: { name: 'Maya' },
      subtotal: 60.34,
      discountCode: 'Spring15',
      discount: 9.05,
      shipping: 5,
    });
    expect(part(leo.user.id)).toMatchObject({ discountCode: null, discount: 0, subtotal: 10.05 });

    const { order } = answered(await placeWith(t, sam.auth, posts, home.id, 'spring15'), 201);
    const figures = [
      'subtotal',
      'discount',
      'shipping',
      'tax',
      'totalWithTax',
      'grandTotal',
    ] as const;
    for (const key of figures) expect(previewed[key], key).toBe(order[key]);
    expect(parts).toHaveLength(order.transactions.length);
    for (const p of order.transactions)
      expect(part(p.seller._id!), p.seller.name).toEqual({
        seller: p.seller,
        subtotal: p.subtotal,
        discountCode: p.discountCode,
        discount: p.discount,
        shipping: p.shipping,
        tax: p.tax,
        total: p.total,
      });
  });

  it('takes no use and holds no stock: a 1-use code previewed twice is then placed', async () => {
    const { maya, sam, home, lamp } = await shop();
    const code = await saveCode(t, maya.auth, {
      code: 'ONCE',
      kind: 'amount',
      value: 5,
      maxUses: 1,
    });
    await unchanged(t, [lamp._id], async () => {
      for (const typed of ['ONCE', 'once'])
        expect(await preview(t, sam.auth, [lamp._id], typed)).toMatchObject({
          // 40.35 − 5.00 + 5.00 shipping = 40.35; tax 4.035 → 4.04.
          status: 200,
          ok: { discount: 5, tax: 4.04, grandTotal: 44.39 },
        });
    });
    expect(await usesOf(code._id)).toBe(0);
    const placed = await placeWith(t, sam.auth, [lamp._id], home.id, 'ONCE');
    expect(placed).toMatchObject({ status: 201, ok: { order: { discount: 5 } } });
    expect(await usesOf(code._id)).toBe(1);
    // Now used up: the preview says so, in the sentence placing gives.
    const other = await signedInUser(t.deps, { accountType: 'buyer' });
    const otherHome = await createTestAddress(t, other.user.id);
    const previewed = await preview(t, other.auth, [lamp._id], 'once');
    expect(previewed).toEqual(await placeWith(t, other.auth, [lamp._id], otherHome.id, 'once'));
    expect(previewed).toMatchObject({
      status: 409,
      error: {
        code: 'DISCOUNT_CODE_UNUSABLE',
        message: 'The discount code “ONCE” has been used up.',
      },
    });
  });

  it('refuses with the very sentence placing the order gives, rule by rule', async () => {
    const { maya, sam, home, lamp, vase, card } = await shop();
    const at = Date.now();
    const iso = (ms: number) => new Date(at + ms).toISOString();
    const code = (input: Parameters<typeof saveCode>[2]) => saveCode(t, maya.auth, input);
    await code({ code: 'OFF', kind: 'percent', value: 10, active: false });
    await code({
      code: 'OLD',
      kind: 'percent',
      value: 10,
      startsAt: iso(-86_400_000),
      endsAt: iso(-3_600_000),
    });
    await code({ code: 'SOON', kind: 'percent', value: 10, startsAt: iso(86_400_000) });
    await code({ code: 'BIG', kind: 'percent', value: 10, minOrder: 100 });
    await code({
      code: 'VASEONLY',
      kind: 'percent',
      value: 10,
      scope: 'posts',
      postIds: [vase._id],
    });
    await code({ code: 'ONEEACH', kind: 'amount', value: 1, maxUsesPerBuyer: 1 });
    answered(await placeWith(t, sam.auth, [lamp._id], home.id, 'ONEEACH'), 201);
    const cases: [string[], string, RegExp][] = [
      [[card._id], 'OFF', /^No seller in your cart has the discount code “OFF”/],
      [[lamp._id], 'NOPE', /^No seller in your cart has the discount code “NOPE”/],
      [[lamp._id], 'off', /^The discount code “OFF” is not active\.$/],
      [[lamp._id], 'old', /^The discount code “OLD” expired on .+ UTC\.$/],
      [[lamp._id], 'SOON', /^The discount code “SOON” can be used from .+ UTC\.$/],
      [[lamp._id], 'BIG', /^To use the discount code “BIG”, buy at least \$100\.00 from Maya\.$/],
      [[lamp._id], 'VASEONLY', /applies to none of the items in your cart/],
      [[lamp._id], 'oneeach', /^You have already used the discount code “ONEEACH” once/],
      [[lamp._id], 'x'.repeat(200), /This discount code does not exist\.$/],
    ];
    for (const [posts, typed, sentence] of cases) {
      const previewed = await preview(t, sam.auth, posts, typed);
      expect(previewed.status, typed).toBeGreaterThanOrEqual(400);
      expect(previewed.error?.message, typed).toMatch(sentence);
      expect(await placeWith(t, sam.auth, posts, home.id, typed), typed).toEqual(previewed);
    }
  });

  it('is for signed-in buyers, with a code typed', async () => {
    const { sam, lamp } = await shop();
    expect((await preview(t, null, [lamp._id], 'X1')).status).toBe(401);
    expect(await preview(t, sam.auth, [lamp._id], '  ')).toMatchObject({
      status: 400,
      error: { code: 'VALIDATION_ERROR' },
    });
  });
});
