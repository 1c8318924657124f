import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthResponse } from '../../../../../shared/contracts/health';
import { AppError } from '../../../../../shared/errors';
import { errorResponse } from '../../../../../shared/contracts/common';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['meta'],
        summary: 'Liveness and database readiness',
        response: { 200: healthResponse, 503: errorResponse },
      },
    },
    async () => {
      if (await app.deps.database.ping()) return { status: 'ok' as const };
      throw new AppError(503, 'DB_UNAVAILABLE', 'The database is not answering yet.');
    },
  );
};
