import type { FastifyPluginAsync } from 'fastify';
import { commerceApi } from '../../../../shared/api/commerce';
import { leaveFeedback, listFeedbacks } from '../../../modules/commerce';
import { currentUser } from '../auth';
import { defineRoute } from '../route';
import { MINUTE, perUser } from './rate-limits';

/**
 * Commerce: feedback on sales (buyers about sellers, sellers about buyers) (docs/decisions/026,
 * 030). Reading is public: feedback is a member's public reputation.
 */
export const feedbackRoutes: FastifyPluginAsync = async (app) => {
  // Each sale is rated once per side; a member rating dozens of sales in minutes is a script.
  const feedbackWrites = perUser(app, 'feedback-create', 20, 10 * MINUTE);

  defineRoute(app, commerceApi.leaveFeedback, {
    access: 'user',
    preHandler: feedbackWrites,
    handler: async (request, _reply, deps) => ({
      feedback: await leaveFeedback(deps, currentUser(request).id, request.body),
    }),
  });
  defineRoute(app, commerceApi.feedbacks, {
    access: 'public',
    handler: async (request, _reply, deps) => listFeedbacks(deps, request.query),
  });
};
