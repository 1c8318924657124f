import type { FastifyPluginAsync } from 'fastify';
import { plansApi } from '../../../../shared/api/plans';
import { listPlans, readMySubscription, subscribe, switchToFree } from '../../../modules/plans';
import { currentUser } from '../auth';
import { defineRoute } from '../route';
import { MINUTE, perUser } from './rate-limits';

/** Plans: GET /plans and the member's subscription (docs/decisions/032). */
export const planRoutes: FastifyPluginAsync = async (app) => {
  // Each purchase tries a card: a few attempts per quarter hour are plenty for a person and stop
  // card testing through this form.
  const purchases = perUser(app, 'plan-purchase', 10, 15 * MINUTE);

  defineRoute(app, plansApi.list, {
    access: 'public',
    handler: async (_request, _reply, deps) => listPlans(deps),
  });
  defineRoute(app, plansApi.mySubscription, {
    access: 'user',
    handler: async (request, _reply, deps) => readMySubscription(deps, currentUser(request).id),
  });
  defineRoute(app, plansApi.subscribe, {
    access: 'user',
    preHandler: purchases,
    handler: async (request, _reply, deps) =>
      subscribe(deps, currentUser(request).id, request.body),
  });
  defineRoute(app, plansApi.switchToFree, {
    access: 'user',
    handler: async (request, _reply, deps) => switchToFree(deps, currentUser(request).id),
  });
};
