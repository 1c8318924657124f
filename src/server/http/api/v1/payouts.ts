import type { FastifyPluginAsync } from 'fastify';
import { commerceApi } from '../../../../shared/api/commerce';
import {
  completeLocalOnboarding,
  onboardingLink,
  onboardingStatus,
} from '../../../modules/commerce';
import { currentUser } from '../auth';
import { defineRoute } from '../route';
import { MINUTE, perUser } from './rate-limits';

/**
 * Commerce: sellers' payout onboarding (embedded form or Stripe Connect) (docs/decisions/026,
 * 030). Every call is about the caller's own account.
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
};
