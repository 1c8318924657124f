import { eq } from 'drizzle-orm';
import { offers } from '../../../src/server/db/schema';
import type { z } from 'zod';
import { commerceApi } from '../../../src/shared/api/commerce';
import { offersApi } from '../../../src/shared/api/offers';
import { socialApi } from '../../../src/shared/api/social';
import type { orderCreateRequest } from '../../../src/shared/contracts/commerce';
import type {
  OfferInput,
  OfferLikersInput,
  OfferRespondInput,
} from '../../../src/shared/contracts/offers';
import type { TestApp } from '../../helpers/app';
import { typedClient } from '../../helpers/typed-client';
import { signedInUser } from '../../factories/accounts';
import { createProduct } from '../../factories/catalog';

// Shared by the offers API tests: a seller with a post that takes offers, buyers, and the calls
// through the web's typed client (refusals throw ApiError with the status and the message).

export type Auth = Record<string, string>;

export function offerCalls(app: () => TestApp) {
  const client = typedClient(app);
  const as = (auth: Auth) => ({ headers: auth });
  return {
    make: (auth: Auth, body: OfferInput) => client.call(offersApi.makeOffer, { body }, as(auth)),
    respond: (auth: Auth, body: OfferRespondInput) =>
      client.call(offersApi.respondToOffer, { body }, as(auth)),
    mine: (auth: Auth, withId?: string) =>
      client.call(offersApi.myOffers, { query: withId ? { with: withId } : {} }, as(auth)),
    likers: (auth: Auth, body: OfferLikersInput) =>
      client.call(offersApi.offerToLikers, { body }, as(auth)),
    /** GET /me/page-state: a shared post page's personal state, offers included. */
    pageState: (auth: Auth, ids: string[]) =>
      client.call(socialApi.pageState, { query: { ids: ids.join(',') } }, as(auth)),
    /** POST /orders: the checkout that uses (or refuses) an accepted offer. */
    order: (auth: Auth, body: z.input<typeof orderCreateRequest>) =>
      client.call(commerceApi.createOrder, { body }, as(auth)),
  };
}

/** A seller (Maya) with a $40 lamp that takes offers, and a buyer (Sam). */
export async function market(t: TestApp, lamp: { allowOffers?: boolean; price?: number } = {}) {
  const maya = await signedInUser(t.deps, { accountType: 'seller', name: 'Maya' });
  const sam = await signedInUser(t.deps, { accountType: 'buyer', name: 'Sam' });
  const post = await createProduct(t, maya.user, {
    title: 'Lamp',
    price: lamp.price ?? 40,
    shippingCost: 0,
    stock: 5,
    allowOffers: lamp.allowOffers ?? true,
  });
  return { maya, sam, post };
}

export const offerRow = async (t: TestApp, id: string) =>
  (await t.deps.database.db.select().from(offers).where(eq(offers.id, id)))[0]!;
