import type { FastifyPluginAsync } from 'fastify';

/** Commerce: Stripe webhooks (signature checked on the raw body, processed through the job queue) (docs/decisions/026). */
export const webhookRoutes: FastifyPluginAsync = async () => {};
