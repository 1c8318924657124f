import type { FastifyPluginAsync } from 'fastify';
import { commerceApi } from '../../../../shared/api/commerce';
import { earningsApi } from '../../../../shared/api/earnings';
import {
  completeLocalOnboarding,
  listPayouts,
  onboardingLink,
  onboardingStatus,
  payoutsCsv,
} from '../../../modules/commerce';
import { currentUser } from '../auth';
import { defineRoute } from '../route';
import { csvAttachment } from './csv-answer';
import { MINUTE, perIp, perUser } from './rate-limits';

/**
 * Commerce: sellers' payout onboarding (embedded form or Stripe Connect) (docs/decisions/026,
 * 030) and their payouts, listed and as CSV (docs/decisions/072). Every call is about the caller's
 * own account.
 */
export const payoutRoutes: FastifyPluginAsync = async (app) => {
  // Each link and each status check is a call to the payment provider: a few per visit suffice.
  const providerCalls = perUser(app, 'payout-provider', 30, 10 * MINUTE);

  defineRoute(app, commerceApi.onboardingLink, {
    access: 'user',
    preHandler: providerCalls,
    handler: async (request, _reply, deps) =>
      onboardingLink(deps, currentUser(request).id, request.query),
  });
  defineRoute(app, commerceApi.onboardingStatus, {
    access: 'user',
    preHandler: providerCalls,
    handler: async (request, _reply, deps) =>
      onboardingStatus(deps, currentUser(request).id, request.query.stripeUserId),
  });
  defineRoute(app, commerceApi.localOnboarding, {
    access: 'user',
    preHandler: providerCalls,
    handler: async (request, _reply, deps) =>
      completeLocalOnboarding(deps, currentUser(request).id, request.body),
  });

  defineRoute(app, earningsApi.payouts, {
    access: 'user',
    handler: async (request, _reply, deps) =>
      listPayouts(deps, currentUser(request).id, request.query),
  });
  defineRoute(app, earningsApi.payoutsCsv, {
    access: 'user',
    rateLimit: perIp(30, MINUTE),
    handler: async (request, reply, deps) =>
      csvAttachment(reply, await payoutsCsv(deps, currentUser(request).id, request.query)),
  });
};
