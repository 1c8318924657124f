import type { FastifyPluginAsync } from 'fastify';
import { moderationApi } from '../../../../shared/api/moderation';
import {
  createReport,
  decideComment,
  decideReport,
  listActions,
  listQueue,
} from '../../../modules/moderation';
import { currentUser } from '../auth';
import { defineRoute } from '../route';
import { HOUR, perUser } from './rate-limits';

/** Reports from members; the moderators' queue, decisions and log (docs/decisions/023). */
export const moderationRoutes: FastifyPluginAsync = async (app) => {
  // Reporting is cheap to send and costs a moderator's time: a budget per account.
  const reportsPerUser = perUser(app, 'report', 10, HOUR);

  defineRoute(app, moderationApi.report, {
    access: 'user',
    preHandler: reportsPerUser,
    handler: async (request, reply, deps) => {
      const { report, created } = await createReport(deps, currentUser(request).id, request.body);
      // Already reported and still open: the same report, and nothing new was written.
      if (!created) reply.code(200);
      return { report };
    },
  });

  defineRoute(app, moderationApi.queue, {
    access: 'moderator',
    handler: async (request, _reply, deps) => listQueue(deps, currentUser(request), request.query),
  });

  defineRoute(app, moderationApi.decideReport, {
    access: 'moderator',
    handler: async (request, _reply, deps) => ({
      report: await decideReport(deps, currentUser(request), request.params.id, request.body),
    }),
  });

  defineRoute(app, moderationApi.decideComment, {
    access: 'moderator',
    handler: async (request, _reply, deps) =>
      decideComment(deps, currentUser(request), request.params.id, request.body),
  });

  defineRoute(app, moderationApi.actions, {
    access: 'moderator',
    handler: async (request, _reply, deps) => listActions(deps, request.query),
  });
};
