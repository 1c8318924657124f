import type { FastifyPluginAsync } from 'fastify';
import { discountsApi } from '../../../../shared/api/discounts';
import {
  deleteDiscount,
  listDiscounts,
  previewDiscount,
  saveDiscount,
} from '../../../modules/commerce';
import { currentUser } from '../auth';
import { defineRoute } from '../route';
import { MINUTE, perUser } from './rate-limits';

/** A seller's discount codes (issue 27, docs/decisions/073): each call is about the caller's own. */
export const discountRoutes: FastifyPluginAsync = async (app) => {
  // A seller edits a handful of codes; a script creating hundreds is stopped.
  const writes = perUser(app, 'discount-write', 60, 10 * MINUTE);
  // A buyer tries a code or two per checkout (like placing orders, per person); a script guessing
  // sellers' codes is stopped.
  const previews = perUser(app, 'discount-preview', 60, 10 * MINUTE);

  defineRoute(app, discountsApi.discounts, {
    access: 'user',
    handler: async (request, _reply, deps) => listDiscounts(deps, currentUser(request).id),
  });
  defineRoute(app, discountsApi.saveDiscount, {
    access: 'user',
    preHandler: writes,
    handler: async (request, _reply, deps) =>
      saveDiscount(deps, currentUser(request).id, request.body),
  });
  defineRoute(app, discountsApi.deleteDiscount, {
    access: 'user',
    preHandler: writes,
    handler: async (request, _reply, deps) =>
      deleteDiscount(deps, currentUser(request).id, request.query.id),
  });
  defineRoute(app, discountsApi.previewDiscount, {
    access: 'user',
    preHandler: previews,
    handler: async (request, _reply, deps) =>
      previewDiscount(deps, currentUser(request).id, request.body),
  });
};
