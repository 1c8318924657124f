import type { FastifyPluginAsync } from 'fastify';
import { adminApi } from '../../../../../shared/api/admin';
import { listJobs } from '../../../../modules/core';
import { defineRoute } from '../../../route';

/** Operating the service: background jobs (a job that gave up is listed with its last error). */
export const adminRoutes: FastifyPluginAsync = async (app) => {
  defineRoute(app, adminApi.jobs, {
    access: 'admin',
    handler: async (request, _reply, deps) => ({
      jobs: await listJobs(deps, request.query),
    }),
  });
};
