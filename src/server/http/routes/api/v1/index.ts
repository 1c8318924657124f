import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthRoutes } from './health';

/** Every /api/v1 resource registers here; each file stays thin (parse → one use-case → reply). */
export const apiV1: FastifyPluginAsyncZod = async (app) => {
  await app.register(healthRoutes);
};
