import type { FastifyPluginAsync } from 'fastify';
import { webhooksApi } from '../../../../shared/api/webhooks';
import { receiveStripeWebhook } from '../../../modules/commerce';
import { PLAN_STRIPE_EVENT_ROUTES } from '../../../modules/plans';
import { defineRoute } from '../route';

/** Stripe sends events of a few KB; an order's intent with its metadata stays far below this. */
const WEBHOOK_BODY_LIMIT = 256 * 1024;

/**
 * Stripe webhooks (docs/decisions/029, 033): commerce receives them; plan subscription events go
 * on to the plans module's job. Stripe signs the exact bytes it sends, so in this
 * plugin's own scope (and nowhere else) a JSON body stays a raw Buffer for the signature check;
 * other content types are refused (415) as everywhere.
 */
export const webhookRoutes: FastifyPluginAsync = async (app) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );

  defineRoute(app, webhooksApi.stripe, {
    // Stripe calls it: no session; the signature is the credential.
    access: 'public',
    handler: async (request, _reply, deps) => {
      const signature = request.headers['stripe-signature'];
      return receiveStripeWebhook(
        deps,
        request.body as unknown,
        typeof signature === 'string' ? signature : undefined,
        // Subscription events (invoices, subscriptions, schedules) are the plans module's.
        PLAN_STRIPE_EVENT_ROUTES,
      );
    },
  });
};
