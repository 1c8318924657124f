import type { FastifyPluginAsync } from 'fastify';
import { metaApi } from '../../../../shared/api/meta';
import { unavailable } from '../../../modules/core';
import { defineRoute } from '../route';

export const healthRoutes: FastifyPluginAsync = async (app) => {
  defineRoute(app, metaApi.health, {
    access: 'public',
    handler: async () => {
      if (await app.deps.database.ping()) return { status: 'ok' as const };
      throw unavailable('The database is not answering yet.', 'DB_UNAVAILABLE');
    },
  });
};
