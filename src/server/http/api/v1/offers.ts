import type { FastifyPluginAsync } from 'fastify';
import { offersApi } from '../../../../shared/api/offers';
import { nowDate } from '../../../modules/core';
import { listMyOffers, makeOffer, offerToLikers, respondToOffer } from '../../../modules/offers';
import { currentUser } from '../auth';
import { defineRoute } from '../route';
import { MINUTE, perUser } from './rate-limits';

/** Offers on posts (issue 27 point 2, docs/decisions/076). */
export const offerRoutes: FastifyPluginAsync = async (app) => {
  // A person haggles over a few posts; a script offering on hundreds is stopped.
  const offerWrites = perUser(app, 'offer-write', 30, 10 * MINUTE);

  defineRoute(app, offersApi.myOffers, {
    access: 'user',
    handler: async (request, _reply, deps) =>
      listMyOffers(deps.db, currentUser(request).id, nowDate(deps), request.query.with),
  });
  defineRoute(app, offersApi.makeOffer, {
    access: 'user',
    preHandler: offerWrites,
    handler: async (request, _reply, deps) => ({
      offer: await makeOffer(deps, currentUser(request).id, request.body),
    }),
  });
  defineRoute(app, offersApi.respondToOffer, {
    access: 'user',
    preHandler: offerWrites,
    handler: async (request, _reply, deps) => ({
      offer: await respondToOffer(deps, currentUser(request).id, request.body),
    }),
  });
  defineRoute(app, offersApi.offerToLikers, {
    access: 'user',
    preHandler: offerWrites,
    handler: async (request, _reply, deps) =>
      offerToLikers(deps, currentUser(request).id, request.body),
  });
};
