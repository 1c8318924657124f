import type { FastifyPluginAsync } from 'fastify';
import { commerceApi } from '../../../../shared/api/commerce';
import { makeCartLink, openCartLink, refreshCart } from '../../../modules/commerce';
import { defineRoute } from '../route';
import { MINUTE, perIp } from './rate-limits';

/**
 * The cart link (docs/decisions/050): a seller domain's cart goes to the marketplace's checkout in
 * a signed, short-lived URL. Both calls are anonymous — the link is made on the seller's domain,
 * where no call may carry a session, and opened by the checkout page before anyone signs in.
 */
export const cartLinkRoutes: FastifyPluginAsync = async (app) => {
  defineRoute(app, commerceApi.makeCartLink, {
    access: 'public',
    rateLimit: perIp(60, MINUTE),
    handler: async (request, _reply, deps) => {
      const url = new URL('/checkout', deps.env.APP_URL);
      url.searchParams.set('cart', makeCartLink(deps, request.body.items));
      return { url: url.toString() };
    },
  });

  defineRoute(app, commerceApi.openCartLink, {
    access: 'public',
    rateLimit: perIp(120, MINUTE),
    handler: async (request, _reply, deps) => {
      const lines = openCartLink(deps, request.query.cart);
      // Priced, titled and stock-checked now: the link carries none of that.
      return refreshCart(deps, request.user?.id ?? null, { items: lines });
    },
  });
};
