import type { FastifyPluginAsync } from 'fastify';

/** Commerce: feedback on sales (buyers about sellers, sellers about buyers) (docs/decisions/026). */
export const feedbackRoutes: FastifyPluginAsync = async () => {};
