import type { FastifyPluginAsync } from 'fastify';

/** Commerce: sellers' payout onboarding (embedded form or Stripe Connect) (docs/decisions/026). */
export const payoutRoutes: FastifyPluginAsync = async () => {};
