import type { FastifyPluginAsync } from 'fastify';
import { accountsApi } from '../../../../shared/api/accounts';
import { adminApi } from '../../../../shared/api/admin';
import { listAdminUsers } from '../../../modules/accounts';
import { listJobs } from '../../../modules/core';
import { defineRoute } from '../route';

/** Operating the service: background jobs (a job that gave up is listed with its last error). */
export const adminRoutes: FastifyPluginAsync = async (app) => {
  defineRoute(app, adminApi.jobs, {
    access: 'admin',
    handler: async (request, _reply, deps) => ({
      jobs: await listJobs(deps, request.query),
    }),
  });

  // Every account with its email, role and status: the /users page (moderators too: they suspend).
  defineRoute(app, accountsApi.adminUsers, {
    access: 'moderator',
    handler: async (request, _reply, deps) => listAdminUsers(deps, request.query),
  });
};
