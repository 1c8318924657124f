import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OFFER_VALID_MS } from '../../../src/shared/contracts/offer-rules';
import { createTestApp, type TestApp } from '../../helpers/app';
import { signedInUser } from '../../factories/accounts';
import { createProduct } from '../../factories/catalog';
import { likeProduct } from '../../factories/social';
import { freshAuth } from '../../helpers/member-calls';
import { databaseSwitch, expectCallUnavailable } from '../../helpers/database-away';
import { typedClient } from '../../helpers/typed-client';
import { socialApi } from '../../../src/shared/api/social';
import type { LightMyRequestResponse } from 'fastify';
import { market, offerCalls } from './offer-support';

/**
 * GET /me/page-state's offers (docs/decisions/076): a shared post page learns the caller's open
 * offer on it — waiting, or accepted and unexpired — so it can say so instead of offering a form
 * the server would refuse. Only the buyer's own; nothing once it is answered, used or expired.
 */
let t: TestApp;
const api = offerCalls(() => t);
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('GET /me/page-state: offers', () => {
  it("carries the buyer's waiting offer, then the accepted one with its end, and nothing once declined", async () => {
    const { maya, sam, post } = await market(t);
    const other = await createProduct(t, maya.user, {
      title: 'Shade',
      price: 20,
      allowOffers: true,
    });
    expect((await api.pageState(sam.auth, [post._id, other._id])).offers).toEqual([]);

    const { offer } = await api.make(sam.auth, { postId: post._id, amount: 30 });
    expect((await api.pageState(sam.auth, [post._id, other._id, maya.user.id])).offers).toEqual([
      {
        _id: offer._id,
        postId: post._id,
        amount: 30,
        selectedVariations: {},
        proposedBy: 'buyer',
        status: 'pending',
        expiresAt: null,
      },
    ]);
    // Only posts among the ids asked about.
    expect((await api.pageState(sam.auth, [other._id])).offers).toEqual([]);

    const { offer: accepted } = await api.respond(maya.auth, { id: offer._id, action: 'accept' });
    const [open] = (await api.pageState(sam.auth, [post._id])).offers;
    expect(open).toMatchObject({ _id: offer._id, status: 'accepted', amount: 30 });
    expect(open!.expiresAt).toBe(accepted.expiresAt);

    const second = await api.make(sam.auth, { postId: other._id, amount: 15 });
    await api.respond(maya.auth, { id: second.offer._id, action: 'decline' });
    expect((await api.pageState(sam.auth, [other._id])).offers).toEqual([]);
  });

  it("is the buyer's own: the seller and another member get none of it", async () => {
    const { maya, sam, post } = await market(t);
    const stranger = await signedInUser(t.deps);
    await api.make(sam.auth, { postId: post._id, amount: 30 });
    expect((await api.pageState(maya.auth, [post._id])).offers).toEqual([]);
    expect((await api.pageState(stranger.auth, [post._id])).offers).toEqual([]);
  });

  it("carries the seller's price to a liker (accepted) and a counter-offer (the seller's, waiting)", async () => {
    const { maya, sam, post } = await market(t);
    const fan = await signedInUser(t.deps);
    await likeProduct(t, fan.auth, post._id);
    await api.likers(maya.auth, { postId: post._id, amount: 35 });
    expect((await api.pageState(fan.auth, [post._id])).offers).toMatchObject([
      { postId: post._id, amount: 35, proposedBy: 'seller', status: 'accepted' },
    ]);

    const { offer } = await api.make(sam.auth, { postId: post._id, amount: 25 });
    await api.respond(maya.auth, { id: offer._id, action: 'counter', amount: 33 });
    expect((await api.pageState(sam.auth, [post._id])).offers).toMatchObject([
      { amount: 33, proposedBy: 'seller', status: 'pending' },
    ]);
  });

  it('leaves out an accepted offer once its 48 hours have passed, even before anything marks it expired', async () => {
    const { maya, sam, post } = await market(t);
    const { offer } = await api.make(sam.auth, { postId: post._id, amount: 30 });
    await api.respond(maya.auth, { id: offer._id, action: 'accept' });
    t.advanceTime(OFFER_VALID_MS + 60_000);
    expect((await api.pageState(await freshAuth(t, sam.user), [post._id])).offers).toEqual([]);
  });

  it('answers 503 DB_UNAVAILABLE with Retry-After while the database is away, and the offer again once back', async () => {
    const { sam, post } = await market(t);
    await api.make(sam.auth, { postId: post._id, amount: 30 });
    let answered: LightMyRequestResponse | undefined;
    const client = typedClient(() => t, { onAnswer: (res) => (answered = res) });
    const pageState = () =>
      client.call(socialApi.pageState, { query: { ids: post._id } }, { headers: sam.auth });
    const database = await databaseSwitch(t);
    try {
      // Every read of the call fails, the offers' too: a 503 that says when to come back, never a 500.
      await database.whileAway(() => expectCallUnavailable(pageState(), () => answered));
    } finally {
      await database.close();
    }
    expect((await pageState()).offers).toMatchObject([{ postId: post._id, amount: 30 }]);
  });
});
