import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogApi } from '../../../src/shared/api/catalog';
import { createTestApp, type TestApp } from '../../helpers/app';
import { typedClient } from '../../helpers/typed-client';
import { signedInUser } from '../../factories/accounts';
import { createProduct } from '../../factories/catalog';
import { mailsTo, passBatchWindow, unmailed } from '../../factories/notifications';
import { block } from '../../factories/social';
import { market, offerCalls, offerRow } from './offer-support';

/**
 * Offers in a private conversation (issue 27 point 2, docs/decisions/076): GET /offers?with= lists
 * the offers between me and one member, and nobody else's; the maker can always withdraw a
 * waiting offer; the offer mail leads to the conversation.
 */
let t: TestApp;
const api = offerCalls(() => t);
const client = typedClient(() => t);
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('GET /offers?with=', () => {
  it('lists only the offers between me and that member, on both sides', async () => {
    const { maya, sam, post } = await market(t);
    const ana = await signedInUser(t.deps, { name: 'Ana' });
    // Sam sells too: Maya offers on his post; Ana offers on Maya's lamp.
    const stool = await createProduct(t, sam.user, { title: 'Stool', price: 50, allowOffers: true });
    const lamp = await api.make(sam.auth, { postId: post._id, amount: 30 });
    const fromMaya = await api.make(maya.auth, { postId: stool._id, amount: 45 });
    const fromAna = await api.make(ana.auth, { postId: post._id, amount: 31 });

    const withSam = await api.mine(maya.auth, sam.user.id);
    expect(withSam.received.map((o) => o._id)).toEqual([lamp.offer._id]);
    expect(withSam.sent.map((o) => o._id)).toEqual([fromMaya.offer._id]);
    const withMaya = await api.mine(sam.auth, maya.user.id);
    expect(withMaya.received.map((o) => o._id)).toEqual([fromMaya.offer._id]);
    expect(withMaya.sent.map((o) => o._id)).toEqual([lamp.offer._id]);
    // Without `with`: all of mine, Ana's included.
    expect((await api.mine(maya.auth)).received.map((o) => o._id)).toEqual([
      fromAna.offer._id,
      lamp.offer._id,
    ]);
    expect((await api.mine(ana.auth, maya.user.id)).sent.map((o) => o._id)).toEqual([
      fromAna.offer._id,
    ]);
  });

  it('shows a third member nothing of the two’s offers', async () => {
    const { maya, sam, post } = await market(t);
    await api.make(sam.auth, { postId: post._id, amount: 30 });
    const eve = await signedInUser(t.deps, { name: 'Eve' });
    expect(await api.mine(eve.auth, maya.user.id)).toEqual({ received: [], sent: [] });
    expect(await api.mine(eve.auth, sam.user.id)).toEqual({ received: [], sent: [] });
  });

  it('needs a signed-in member and another member’s id', async () => {
    const { maya, sam } = await market(t);
    await expect(api.mine({}, sam.user.id)).rejects.toMatchObject({ status: 401 });
    await expect(api.mine(maya.auth, 'not-an-id')).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining('Must be a member id.'),
    });
    await expect(api.mine(maya.auth, maya.user.id)).rejects.toMatchObject({
      status: 400,
      message: 'Choose another member: offers are between a seller and a buyer.',
    });
  });

  it('shows the option an offer is for and its listed price', async () => {
    const { maya, sam } = await market(t);
    const shirt = await createProduct(t, maya.user, {
      title: 'Shirt',
      price: 20,
      shippingCost: 6.25,
      allowOffers: true,
      variations: [{ name: 'Size', options: [{ name: 'S' }, { name: 'XL', priceDelta: 5 }] }],
    });
    await api.make(sam.auth, { postId: shirt._id, amount: 21, selectedVariations: { Size: 'XL' } });
    const [offer] = (await api.mine(maya.auth, sam.user.id)).received;
    expect(offer).toMatchObject({
      selectedVariations: { Size: 'XL' },
      listedPrice: 25,
      // The buyer's cart line carries the post's shipping to checkout.
      product: { price: 20, shippingCost: 6.25 },
    });
  });
});

describe('withdrawing a waiting offer', () => {
  const unpublish = (auth: Record<string, string>, id: string) =>
    client.call(catalogApi.setProductStatus, { body: { id, status: 'draft' } }, { headers: auth });

  it('works after the post is unpublished', async () => {
    const { maya, sam, post } = await market(t);
    const { offer } = await api.make(sam.auth, { postId: post._id, amount: 30 });
    await unpublish(maya.auth, post._id);
    // Answering needs a listed post; taking one's own offer back does not.
    await expect(api.respond(maya.auth, { id: offer._id, action: 'accept' })).rejects.toMatchObject(
      { status: 404 },
    );
    const { offer: withdrawn } = await api.respond(sam.auth, { id: offer._id, action: 'withdraw' });
    expect(withdrawn.status).toBe('withdrawn');
    expect((await offerRow(t, offer._id)).status).toBe('withdrawn');
  });

  it('works when the seller blocked the buyer, or the buyer the seller, untold', async () => {
    for (const blocker of ['seller', 'buyer'] as const) {
      const { maya, sam, post } = await market(t);
      const { offer } = await api.make(sam.auth, { postId: post._id, amount: 30 });
      if (blocker === 'seller') await block(t, maya.auth, sam.user.id);
      else await block(t, sam.auth, maya.user.id);
      await expect(
        api.respond(maya.auth, { id: offer._id, action: 'decline' }),
      ).rejects.toMatchObject({ status: 403 });
      const before = (await unmailed(t, maya.user.id)).length;
      const { offer: withdrawn } = await api.respond(sam.auth, {
        id: offer._id,
        action: 'withdraw',
      });
      expect(withdrawn.status).toBe('withdrawn');
      // Blocked either way: the other side is not told.
      expect(await unmailed(t, maya.user.id)).toHaveLength(before);
    }
  });

  it('a counter-offer made by the seller is theirs to withdraw, also after unpublishing', async () => {
    const { maya, sam, post } = await market(t);
    const { offer } = await api.make(sam.auth, { postId: post._id, amount: 25 });
    const { offer: counter } = await api.respond(maya.auth, {
      id: offer._id,
      action: 'counter',
      amount: 35,
    });
    await unpublish(maya.auth, post._id);
    const { offer: withdrawn } = await api.respond(maya.auth, {
      id: counter._id,
      action: 'withdraw',
    });
    expect(withdrawn.status).toBe('withdrawn');
    const events = await unmailed(t, sam.user.id);
    expect(events.map((e) => e.data.excerpt)).toContain('withdrew the offer of $35.00 for “Lamp”.');
  });
});

describe('the offer mail', () => {
  it('leads to the conversation with the member who made the offer', async () => {
    const { maya, sam, post } = await market(t);
    await api.make(sam.auth, { postId: post._id, amount: 30 });
    await t.runJobs();
    passBatchWindow(t);
    const mails = (await mailsTo(t, maya.user.email)).filter((m) => m.text.includes('“Lamp”'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`See the offers with Sam`);
    expect(mails[0]!.text).toContain(`/messages?with=${sam.user.id}`);
  });
});
