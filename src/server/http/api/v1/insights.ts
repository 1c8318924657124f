import type { FastifyPluginAsync } from 'fastify';
import { insightsApi } from '../../../../shared/api/insights';
import { isAdminRole } from '../../../../shared/contracts/account-rules';
import { forbidden } from '../../../modules/core';
import { clearInsights, readInsights, recordCartAdd } from '../../../modules/insights';
import { currentUser } from '../auth';
import { defineRoute } from '../route';
import { MINUTE, perIp } from './rate-limits';

/** Insights (docs/decisions/071): a seller reads and clears their own; admins read anyone's. */
export const insightRoutes: FastifyPluginAsync = async (app) => {
  defineRoute(app, insightsApi.insights, {
    access: 'user',
    handler: async (request, _reply, deps) => {
      const user = currentUser(request);
      const sellerId = request.query.userId?.toLowerCase() ?? user.id;
      if (sellerId !== user.id && !isAdminRole(user.role))
        throw forbidden('You can only see your own insights.');
      return readInsights(deps, sellerId, request.query.range);
    },
  });

  defineRoute(app, insightsApi.clearInsights, {
    access: 'user',
    handler: async (request, _reply, deps) => clearInsights(deps, currentUser(request).id),
  });

  defineRoute(app, insightsApi.cartAdd, {
    access: 'public',
    // A person fills a cart a few items a minute; more is someone inflating a seller's numbers.
    rateLimit: perIp(30, MINUTE),
    handler: async (request, _reply, deps) =>
      recordCartAdd(deps, {
        ...request.body,
        viewerId: request.user?.id ?? null,
        userAgent: request.headers['user-agent'] ?? '',
        host: request.headers.host ?? '',
      }),
  });
};
