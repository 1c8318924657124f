import type { FastifyPluginAsync } from 'fastify';
import { metaApi } from '../../../../shared/api/meta';
import { unavailable } from '../../../modules/core';
import { defineRoute } from '../route';

/** Health for people (`/health`), orchestrators (`/health/live`) and balancers (`/health/ready`). */
export const healthRoutes: FastifyPluginAsync = async (app) => {
  const databaseAnswers = async () => {
    if (await app.deps.database.ping()) return;
    throw unavailable('The database is not answering yet.', 'DB_UNAVAILABLE');
  };

  defineRoute(app, metaApi.health, {
    access: 'public',
    handler: async () => {
      await databaseAnswers();
      return { status: 'ok' as const };
    },
  });

  // The process is alive as long as it answers, database or not: restarting it would not bring
  // the database back, and it recovers by itself when the database returns.
  defineRoute(app, metaApi.live, {
    access: 'public',
    handler: async () => ({ status: 'ok' as const }),
  });

  defineRoute(app, metaApi.ready, {
    access: 'public',
    handler: async () => {
      if (app.lifecycle.draining) {
        throw unavailable('This instance is shutting down: another one takes its requests.', 'SHUTTING_DOWN');
      }
      if (app.lifecycle.starting) {
        throw unavailable('This instance is still starting: it is loading its pages.', 'STARTING');
      }
      await databaseAnswers();
      return { status: 'ok' as const };
    },
  });
};
