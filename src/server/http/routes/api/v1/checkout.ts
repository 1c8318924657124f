import type { FastifyPluginAsync } from 'fastify';

/** Commerce: cart refresh, addresses, placing orders and paying them (embedded driver) (docs/decisions/026). */
export const checkoutRoutes: FastifyPluginAsync = async () => {};
