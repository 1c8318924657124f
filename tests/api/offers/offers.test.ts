import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OFFER_VALID_MS } from '../../../src/shared/contracts/offer-rules';
import { catalogApi } from '../../../src/shared/api/catalog';
import type { ProductInput } from '../../../src/shared/contracts/catalog';
import { createTestApp, type TestApp } from '../../helpers/app';
import { typedClient } from '../../helpers/typed-client';
import { signedInUser } from '../../factories/accounts';
import { block, likeProduct } from '../../factories/social';
import { unmailed } from '../../factories/notifications';
import { market, offerCalls, offerRow } from './offer-support';

/** Offers on posts (issue 27 point 2, docs/decisions/076): making, answering and listing them. */
let t: TestApp;
const api = offerCalls(() => t);
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('POST /offers', () => {
  it('records a buyer’s offer on a post that takes offers and tells the seller', async () => {
    const { maya, sam, post } = await market(t);
    const { offer } = await api.make(sam.auth, { postId: post._id, amount: 30, note: 'Cash?' });
    expect(offer).toMatchObject({
      amount: 30,
      note: 'Cash?',
      proposedBy: 'buyer',
      status: 'pending',
      expiresAt: null,
      product: { _id: post._id, title: 'Lamp', price: 40 },
      buyer: { _id: sam.user.id },
      seller: { _id: maya.user.id },
    });
    const events = await unmailed(t, maya.user.id);
    expect(events.map((e) => [e.kind, e.data.excerpt])).toContainEqual([
      'offer',
      'offers $30.00 for “Lamp”.',
    ]);
  });

  it('refuses posts without offers, one’s own post, prices at or above the listed one', async () => {
    const { maya, sam, post } = await market(t);
    const closed = await market(t, { allowOffers: false });
    await expect(api.make(sam.auth, { postId: closed.post._id, amount: 10 })).rejects.toMatchObject(
      { status: 400, message: 'This post does not take offers.' },
    );
    await expect(api.make(maya.auth, { postId: post._id, amount: 10 })).rejects.toMatchObject({
      status: 400,
      message: 'You cannot make an offer on your own post.',
    });
    await expect(api.make(sam.auth, { postId: post._id, amount: 40 })).rejects.toMatchObject({
      status: 400,
      message: 'Offer less than the listed price of $40.00.',
    });
    await expect(api.make(sam.auth, { postId: post._id, amount: 0 })).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining('Offer an amount above 0.'),
    });
    expect((await api.mine(sam.auth)).sent).toEqual([]);
  });

  it('keeps one open offer per buyer and post', async () => {
    const { sam, post } = await market(t);
    await api.make(sam.auth, { postId: post._id, amount: 30 });
    await expect(api.make(sam.auth, { postId: post._id, amount: 31 })).rejects.toMatchObject({
      status: 409,
      message: expect.stringContaining('You already have an open offer for this post'),
    });
  });

  it('needs a signed-in member, and refuses when one has blocked the other', async () => {
    const { maya, sam, post } = await market(t);
    await expect(api.make({}, { postId: post._id, amount: 30 })).rejects.toMatchObject({
      status: 401,
    });
    await block(t, maya.auth, sam.user.id);
    await expect(api.make(sam.auth, { postId: post._id, amount: 30 })).rejects.toMatchObject({
      status: 403,
    });
  });
});

describe('POST /offers/respond', () => {
  it('lets the seller accept: the buyer’s price for 48 hours', async () => {
    const { maya, sam, post } = await market(t);
    const { offer } = await api.make(sam.auth, { postId: post._id, amount: 30 });
    const before = t.moduleDeps().now();
    const { offer: accepted } = await api.respond(maya.auth, { id: offer._id, action: 'accept' });
    expect(accepted.status).toBe('accepted');
    expect(Date.parse(accepted.expiresAt!)).toBeGreaterThanOrEqual(before + OFFER_VALID_MS - 1000);
    expect(Date.parse(accepted.expiresAt!)).toBeLessThanOrEqual(
      t.moduleDeps().now() + OFFER_VALID_MS,
    );
    const events = await unmailed(t, sam.user.id);
    expect(events.map((e) => e.data.excerpt)).toContain(
      'accepted the offer of $30.00 for “Lamp”: it holds for 48 hours.',
    );
  });

  it('lets only the side that did not propose answer, once', async () => {
    const { maya, sam, post } = await market(t);
    const stranger = await signedInUser(t.deps);
    const { offer } = await api.make(sam.auth, { postId: post._id, amount: 30 });
    await expect(api.respond(sam.auth, { id: offer._id, action: 'accept' })).rejects.toMatchObject({
      status: 403,
      message: 'You made this offer: the other side answers it.',
    });
    await expect(
      api.respond(stranger.auth, { id: offer._id, action: 'accept' }),
    ).rejects.toMatchObject({ status: 404 });
    await api.respond(maya.auth, { id: offer._id, action: 'decline' });
    expect((await offerRow(t, offer._id)).status).toBe('declined');
    await expect(api.respond(maya.auth, { id: offer._id, action: 'accept' })).rejects.toMatchObject(
      {
        status: 409,
        message: 'This offer has already been answered.',
      },
    );
    // Declined is closed: the buyer may offer again.
    await api.make(sam.auth, { postId: post._id, amount: 32 });
  });

  it('lets the maker withdraw a waiting offer, and nobody else; then they may offer again', async () => {
    const { maya, sam, post } = await market(t);
    const stranger = await signedInUser(t.deps);
    const { offer } = await api.make(sam.auth, { postId: post._id, amount: 30 });
    await expect(
      api.respond(maya.auth, { id: offer._id, action: 'withdraw' }),
    ).rejects.toMatchObject({
      status: 403,
      message: 'Only the member who made this offer can withdraw it.',
    });
    await expect(
      api.respond(stranger.auth, { id: offer._id, action: 'withdraw' }),
    ).rejects.toMatchObject({ status: 404 });
    const { offer: withdrawn } = await api.respond(sam.auth, { id: offer._id, action: 'withdraw' });
    expect(withdrawn.status).toBe('withdrawn');
    // Withdrawn is closed: it cannot be accepted, and the buyer may offer again.
    await expect(api.respond(maya.auth, { id: offer._id, action: 'accept' })).rejects.toMatchObject({
      status: 409,
    });
    const again = await api.make(sam.auth, { postId: post._id, amount: 32 });
    expect(again.offer.status).toBe('pending');
  });

  it('counters with a new offer the buyer then accepts', async () => {
    const { maya, sam, post } = await market(t);
    const { offer } = await api.make(sam.auth, { postId: post._id, amount: 25 });
    await expect(
      api.respond(maya.auth, { id: offer._id, action: 'counter' }),
    ).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining('Give the amount of your counter-offer.'),
    });
    const { offer: counter } = await api.respond(maya.auth, {
      id: offer._id,
      action: 'counter',
      amount: 35,
      note: 'Meet me here',
    });
    expect(counter).toMatchObject({
      amount: 35,
      proposedBy: 'seller',
      status: 'pending',
      counterOf: offer._id,
    });
    expect((await offerRow(t, offer._id)).status).toBe('countered');
    await expect(
      api.respond(maya.auth, { id: counter._id, action: 'accept' }),
    ).rejects.toMatchObject({ status: 403 });
    const { offer: done } = await api.respond(sam.auth, { id: counter._id, action: 'accept' });
    expect(done).toMatchObject({ status: 'accepted', amount: 35 });
    const mine = await api.mine(maya.auth);
    expect(mine.received.map((o) => [o.amount, o.status])).toEqual([
      [35, 'accepted'],
      [25, 'countered'],
    ]);
    expect((await api.mine(sam.auth)).sent.map((o) => o._id)).toEqual([counter._id, offer._id]);
  });
});

describe('POST /offers/likers', () => {
  it('gives every liker a private accepted price for 48 hours, told in their digest', async () => {
    const { maya, sam, post } = await market(t);
    const ana = await signedInUser(t.deps, { name: 'Ana' });
    const blocked = await signedInUser(t.deps, { name: 'Blocked' });
    for (const who of [sam, ana, blocked]) {
      expect((await likeProduct(t, who.auth, post._id)).statusCode).toBe(200);
    }
    await block(t, maya.auth, blocked.user.id);
    const res = await api.likers(maya.auth, { postId: post._id, amount: 33 });
    expect(res).toEqual({
      sent: 2,
      message: 'Your offer was sent to 2 members who liked this post.',
    });
    for (const who of [sam, ana]) {
      const [offer] = (await api.mine(who.auth)).sent;
      expect(offer).toMatchObject({ amount: 33, status: 'accepted', proposedBy: 'seller' });
      const events = await unmailed(t, who.user.id);
      expect(events.map((e) => e.data.excerpt)).toContain(
        'offers you $33.00 for “Lamp”, a post you liked: valid 48 hours.',
      );
    }
    expect((await api.mine(blocked.auth)).sent).toEqual([]);
    // Sending again offers nobody a second price.
    expect((await api.likers(maya.auth, { postId: post._id, amount: 30 })).sent).toBe(0);
  });

  it('is the post’s seller’s alone', async () => {
    const { sam, post } = await market(t);
    await expect(api.likers(sam.auth, { postId: post._id, amount: 30 })).rejects.toMatchObject({
      status: 403,
    });
  });
});

describe('allowOffers on PUT /products', () => {
  it('is off for a new post unless asked, and an update that leaves it out keeps it', async () => {
    const maya = await signedInUser(t.deps, { accountType: 'seller' });
    const client = typedClient(() => t);
    const save = (body: ProductInput) =>
      client.call(catalogApi.saveProduct, { body }, { headers: maya.auth });
    const base = { title: 'Vase', price: 30, stock: 1 };
    expect((await save(base)).product.allowOffers).toBe(false);
    const { product } = await save({ ...base, allowOffers: true });
    expect(product.allowOffers).toBe(true);
    const updated = await save({ ...base, _id: product._id, title: 'Blue vase' });
    expect(updated.product).toMatchObject({ title: 'Blue vase', allowOffers: true });
    const off = await save({ ...base, _id: product._id, allowOffers: false });
    expect(off.product.allowOffers).toBe(false);
  });
});
