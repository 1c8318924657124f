import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commerceApi } from '../../../src/shared/api/commerce';
import { createTestApp, type TestApp } from '../../helpers/app';
import { typedClient } from '../../helpers/typed-client';
import { signedInUser } from '../../factories/accounts';
import { createTestAddress } from '../../factories/commerce';
import { createProduct } from '../../factories/catalog';
import { likeProduct } from '../../factories/social';
import { unmailed } from '../../factories/notifications';
import { offerCalls, offerRow } from './offer-support';

/**
 * An offer on a post with options is for one choice of them (issue 27 point 2, docs/decisions/076):
 * the offer records it, is compared with that option's price, and prices at checkout only a line
 * with that choice; another option of the post is charged as listed.
 */
let t: TestApp;
const api = offerCalls(() => t);
const client = typedClient(() => t);
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const order = api.order;

/** Maya's $20 shirt in S and XL (+$5), taking offers; Sam the buyer with an address. */
async function shirtMarket() {
  const maya = await signedInUser(t.deps, { accountType: 'seller', name: 'Maya' });
  const sam = await signedInUser(t.deps, { accountType: 'buyer', name: 'Sam' });
  const shirt = await createProduct(t, maya.user, {
    title: 'Shirt',
    price: 20,
    shippingCost: 0,
    stock: 5,
    allowOffers: true,
    variations: [{ name: 'Size', options: [{ name: 'S' }, { name: 'XL', priceDelta: 5 }] }],
  });
  const home = await createTestAddress(t, sam.user.id);
  return { maya, sam, shirt, home };
}

const XL = { Size: 'XL' };
const S = { Size: 'S' };

describe('an offer on a post with options', () => {
  it('records the option chosen and compares the amount with that option’s price', async () => {
    const { maya, sam, shirt } = await shirtMarket();
    await expect(api.make(sam.auth, { postId: shirt._id, amount: 15 })).rejects.toMatchObject({
      status: 400,
      message: 'Choose one of the available options of “Shirt” for your offer.',
    });
    await expect(
      api.make(sam.auth, { postId: shirt._id, amount: 15, selectedVariations: { Size: 'M' } }),
    ).rejects.toMatchObject({ status: 400 });
    // XL is listed at $25: $22 is below it (though above the post's base $20).
    await expect(
      api.make(sam.auth, { postId: shirt._id, amount: 22, selectedVariations: S }),
    ).rejects.toMatchObject({ status: 400, message: 'Offer less than the listed price of $20.00.' });
    const { offer } = await api.make(sam.auth, {
      postId: shirt._id,
      amount: 22,
      selectedVariations: XL,
    });
    expect(offer).toMatchObject({ selectedVariations: XL, amount: 22, listedPrice: 25 });
    expect((await unmailed(t, maya.user.id)).map((e) => e.data.excerpt)).toContain(
      'offers $22.00 for “Shirt” (Size: XL).',
    );
    // A counter-offer keeps the option, and is compared with its price.
    await expect(
      api.respond(maya.auth, { id: offer._id, action: 'counter', amount: 25 }),
    ).rejects.toMatchObject({ status: 400, message: 'Offer less than the listed price of $25.00.' });
    const { offer: counter } = await api.respond(maya.auth, {
      id: offer._id,
      action: 'counter',
      amount: 24,
    });
    expect(counter).toMatchObject({ selectedVariations: XL, amount: 24 });
  });

  it('an offer to likers is for the option the seller chose', async () => {
    const { maya, sam, shirt } = await shirtMarket();
    await likeProduct(t, sam.auth, shirt._id);
    await expect(api.likers(maya.auth, { postId: shirt._id, amount: 18 })).rejects.toMatchObject({
      status: 400,
    });
    await api.likers(maya.auth, { postId: shirt._id, amount: 18, selectedVariations: S });
    const [offer] = (await api.mine(sam.auth)).sent;
    expect(offer).toMatchObject({ selectedVariations: S, status: 'accepted', amount: 18 });
  });
});

describe('checkout with an offer on one option', () => {
  async function acceptedXl() {
    const m = await shirtMarket();
    const { offer } = await api.make(m.sam.auth, {
      postId: m.shirt._id,
      amount: 22,
      selectedVariations: XL,
    });
    await api.respond(m.maya.auth, { id: offer._id, action: 'accept' });
    return { ...m, offer };
  }

  it('prices that option’s line at the offer and another option at its listed price', async () => {
    const { sam, shirt, home, offer } = await acceptedXl();
    const { order: placed } = await order(sam.auth, {
      items: [
        { _id: shirt._id, amount: 1, selectedVariations: S },
        { _id: shirt._id, amount: 1, selectedVariations: XL },
      ],
      shippingAddressId: home.id,
    });
    const items = placed.transactions[0]!.items;
    expect(items.map((i) => [i.selectedVariations, i.price])).toEqual(
      expect.arrayContaining([
        [S, 20],
        [XL, 22],
      ]),
    );
    expect(placed.subtotal).toBe(42);
    expect(await offerRow(t, offer._id)).toMatchObject({ status: 'used', orderId: placed._id });
  });

  it('leaves the offer unused when only another option is bought', async () => {
    const { sam, shirt, home, offer } = await acceptedXl();
    const { order: placed } = await order(sam.auth, {
      items: [{ _id: shirt._id, amount: 1, selectedVariations: S }],
      shippingAddressId: home.id,
    });
    expect(placed.subtotal).toBe(20);
    expect((await offerRow(t, offer._id)).status).toBe('accepted');
  });

  it('refuses an offer named for a line of another option', async () => {
    const { sam, shirt, home, offer } = await acceptedXl();
    await expect(
      order(sam.auth, {
        items: [{ _id: shirt._id, amount: 1, selectedVariations: S, offerId: offer._id }],
        shippingAddressId: home.id,
      }),
    ).rejects.toMatchObject({
      status: 400,
      message:
        'This offer is for another option of this post: choose the option you offered on, or pay the listed price.',
    });
    expect((await offerRow(t, offer._id)).status).toBe('accepted');
  });

  it('shows the offer price in the refreshed cart for that option only', async () => {
    const { sam, shirt } = await acceptedXl();
    const line = (selectedVariations: Record<string, string>, price: number) => ({
      _id: shirt._id,
      amount: 1,
      selectedVariations,
      price,
      shippingCost: 0,
    });
    const { items } = await client.call(
      commerceApi.refreshCart,
      { body: { items: [line(S, 20), line(XL, 25)] } },
      { headers: sam.auth },
    );
    expect(items.map((i) => [i.price, i.notice])).toEqual([
      [20, null],
      [22, 'Your accepted offer prices “Shirt” at $22.00.'],
    ]);
  });
});
