import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../../src/server/db/schema';
import { commerceApi } from '../../../src/shared/api/commerce';
import { discountsApi } from '../../../src/shared/api/discounts';
import { OFFER_EXPIRED_MESSAGE, OFFER_VALID_MS } from '../../../src/shared/contracts/offer-rules';
import { createTestApp, type TestApp } from '../../helpers/app';
import { freshAuth } from '../../helpers/member-calls';
import { typedClient } from '../../helpers/typed-client';
import { signedInUser } from '../../factories/accounts';
import { createTestAddress } from '../../factories/commerce';
import { createProduct } from '../../factories/catalog';
import { market, offerCalls, offerRow, type Auth } from './offer-support';

/**
 * Checkout with an accepted offer (issue 27 point 2, docs/decisions/076): the buyer's offer prices
 * one item and is used by that order; nobody else can use it; an expired one is refused, saying so.
 */
let t: TestApp;
const api = offerCalls(() => t);
const client = typedClient(() => t);
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const order = api.order;
const orderCount = async () => (await t.deps.database.db.select({ n: count() }).from(orders))[0]!.n;

/** Sam's offer of $30 for Maya's $40 lamp, accepted; Sam's address. */
async function acceptedOffer() {
  const m = await market(t);
  const { offer } = await api.make(m.sam.auth, { postId: m.post._id, amount: 30 });
  await api.respond(m.maya.auth, { id: offer._id, action: 'accept' });
  const home = await createTestAddress(t, m.sam.user.id);
  return { ...m, offer, home };
}

describe('POST /orders with an accepted offer', () => {
  it('prices one item at the offer and marks the offer used by that order', async () => {
    const { sam, post, offer, home } = await acceptedOffer();
    const line = { _id: post._id, amount: 1, selectedVariations: {} };
    const { order: first } = await order(sam.auth, {
      items: [{ ...line, offerId: offer._id }],
      shippingAddressId: home.id,
    });
    expect(first.subtotal).toBe(30);
    expect(first.transactions[0]!.items[0]!.price).toBe(30);
    expect(await offerRow(t, offer._id)).toMatchObject({ status: 'used', orderId: first._id });
    // Used once: the next order pays the listed price.
    const { order: second } = await order(sam.auth, { items: [line], shippingAddressId: home.id });
    expect(second.subtotal).toBe(40);
  });

  it('uses the buyer’s valid offer for a line of one item without naming it', async () => {
    const { sam, post, offer, home } = await acceptedOffer();
    const { order: placed } = await order(sam.auth, {
      items: [{ _id: post._id, amount: 1, selectedVariations: {} }],
      shippingAddressId: home.id,
    });
    expect(placed.subtotal).toBe(30);
    expect((await offerRow(t, offer._id)).status).toBe('used');
  });

  it('cannot be used by someone else', async () => {
    const { post, offer } = await acceptedOffer();
    const eve = await signedInUser(t.deps, { name: 'Eve' });
    const eveHome = await createTestAddress(t, eve.user.id);
    const before = await orderCount();
    await expect(
      order(eve.auth, {
        items: [{ _id: post._id, amount: 1, selectedVariations: {}, offerId: offer._id }],
        shippingAddressId: eveHome.id,
      }),
    ).rejects.toMatchObject({
      status: 403,
      message: 'This offer was made to another member: only they can use it.',
    });
    expect(await orderCount()).toBe(before);
    // Without naming it, Eve pays the listed price and Sam's offer stays his.
    const { order: evesOrder } = await order(eve.auth, {
      items: [{ _id: post._id, amount: 1, selectedVariations: {} }],
      shippingAddressId: eveHome.id,
    });
    expect(evesOrder.subtotal).toBe(40);
    expect(await offerRow(t, offer._id)).toMatchObject({ status: 'accepted', orderId: null });
  });

  it('refuses an expired offer with a sentence saying so', async () => {
    const { sam, post, offer, home } = await acceptedOffer();
    t.advanceTime(OFFER_VALID_MS + 60_000);
    const auth = await freshAuth(t, sam.user);
    const before = await orderCount();
    await expect(
      order(auth, {
        items: [{ _id: post._id, amount: 1, selectedVariations: {}, offerId: offer._id }],
        shippingAddressId: home.id,
      }),
    ).rejects.toMatchObject({ status: 400, code: 'OFFER_EXPIRED', message: OFFER_EXPIRED_MESSAGE });
    expect(await orderCount()).toBe(before);
    expect((await api.mine(auth)).sent[0]).toMatchObject({ status: 'expired', expired: true });
    // Not named, an expired offer is simply not used.
    const { order: placed } = await order(auth, {
      items: [{ _id: post._id, amount: 1, selectedVariations: {} }],
      shippingAddressId: home.id,
    });
    expect(placed.subtotal).toBe(40);
    // And the buyer may make a new offer.
    await api.make(auth, { postId: post._id, amount: 31 });
  });

  it('prices one item only', async () => {
    const { sam, post, offer, home } = await acceptedOffer();
    await expect(
      order(sam.auth, {
        items: [{ _id: post._id, amount: 2, selectedVariations: {}, offerId: offer._id }],
        shippingAddressId: home.id,
      }),
    ).rejects.toMatchObject({
      status: 400,
      message: 'An offer is for one item: set the quantity of this post to 1.',
    });
    const { order: placed } = await order(sam.auth, {
      items: [{ _id: post._id, amount: 2, selectedVariations: {} }],
      shippingAddressId: home.id,
    });
    expect(placed.subtotal).toBe(80);
    expect((await offerRow(t, offer._id)).status).toBe('accepted');
  });

  it('is given back when the unpaid order is cancelled', async () => {
    const { sam, post, offer, home } = await acceptedOffer();
    const { order: placed } = await order(sam.auth, {
      items: [{ _id: post._id, amount: 1, selectedVariations: {}, offerId: offer._id }],
      shippingAddressId: home.id,
    });
    await client.call(commerceApi.cancelOrder, { body: { id: placed._id } }, { headers: sam.auth });
    expect(await offerRow(t, offer._id)).toMatchObject({ status: 'accepted', orderId: null });
    const [row] = await t.deps.database.db.select().from(orders).where(eq(orders.id, placed._id));
    expect(row!.status).toBe('cancelled');
  });

  it('shows the offer price when the buyer’s cart is refreshed, and the listed one to others', async () => {
    const { sam, post } = await acceptedOffer();
    const eve = await signedInUser(t.deps, { name: 'Eve' });
    const items = [
      { _id: post._id, amount: 1, selectedVariations: {}, price: 40, shippingCost: 0 },
    ];
    const refresh = (auth: Auth) =>
      client.call(commerceApi.refreshCart, { body: { items } }, { headers: auth });
    const [mine] = (await refresh(sam.auth)).items;
    expect(mine).toMatchObject({
      price: 30,
      notice: 'Your accepted offer prices “Lamp” at $30.00.',
    });
    const [theirs] = (await refresh(eve.auth)).items;
    expect(theirs).toMatchObject({ price: 40, notice: null });
  });
});

describe('an offer and a discount code in one order', () => {
  it('the code never discounts the line the offer priced, only the other items', async () => {
    const { maya, sam, post, offer, home } = await acceptedOffer();
    const vase = await createProduct(t, maya.user, {
      title: 'Vase',
      price: 20,
      shippingCost: 0,
      stock: 5,
    });
    await client.call(
      discountsApi.saveDiscount,
      { body: { code: 'TENOFF', kind: 'percent', value: 10 } },
      { headers: maya.auth },
    );
    const lamp = { _id: post._id, amount: 1, selectedVariations: {}, offerId: offer._id };
    const before = await orderCount();
    // The preview (POST /discounts/preview) refuses with the same sentence, and prices the same.
    const preview = (items: Parameters<typeof order>[1]['items']) =>
      client.call(
        discountsApi.previewDiscount,
        { body: { items, discountCode: 'tenoff' } },
        { headers: sam.auth },
      );
    await expect(preview([lamp])).rejects.toMatchObject({
      status: 409,
      message: 'The discount code “TENOFF” does not apply to an item bought at an offer’s price.',
    });
    const previewed = await preview([lamp, { _id: vase._id, amount: 1, selectedVariations: {} }]);
    expect(previewed).toMatchObject({ subtotal: 50, discount: 2 });
    expect(previewed.parts[0]).toMatchObject({ discount: 2, discountCode: 'TENOFF' });
    await expect(
      order(sam.auth, { items: [lamp], shippingAddressId: home.id, discountCode: 'tenoff' }),
    ).rejects.toMatchObject({
      status: 409,
      message: 'The discount code “TENOFF” does not apply to an item bought at an offer’s price.',
    });
    expect(await orderCount()).toBe(before);
    expect((await offerRow(t, offer._id)).status).toBe('accepted');

    const { order: placed } = await order(sam.auth, {
      items: [lamp, { _id: vase._id, amount: 1, selectedVariations: {} }],
      shippingAddressId: home.id,
      discountCode: 'tenoff',
    });
    // $30 (the offer) + $20 (the vase); 10 % of the vase only.
    expect(placed.subtotal).toBe(50);
    expect(placed.transactions[0]).toMatchObject({ discount: 2, discountCode: 'TENOFF' });
    expect((await offerRow(t, offer._id)).status).toBe('used');
    expect(previewed.grandTotal).toBe(placed.grandTotal);
  });
});
