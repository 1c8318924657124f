import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthResponse } from '../../../../../shared/contracts/health';
import { sendError } from '../../../plugins/error-handler';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    { schema: { tags: ['meta'], summary: 'Liveness and database readiness', response: { 200: healthResponse } } },
    async (_request, reply) => {
      if (await app.deps.database.ping()) return { status: 'ok' as const };
      return sendError(reply, 503, 'The database is not answering yet.', 'DB_UNAVAILABLE');
    },
  );
};
