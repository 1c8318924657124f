import type { FastifyPluginAsync } from 'fastify';

/** Commerce: buyers' orders and sellers' sales: reading, shipping, cancelling (docs/decisions/026). */
export const salesRoutes: FastifyPluginAsync = async () => {};
