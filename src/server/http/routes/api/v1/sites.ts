import type { FastifyPluginAsync } from 'fastify';
import { sitesApi } from '../../../../../shared/api/sites';
import { getMySite, getSite } from '../../../../modules/sites';
import { currentUser } from '../../../plugins/auth';
import { defineRoute } from '../../../route';

/** Reading sites (SPEC §7: the client "reads data", so the body is the site itself). */
export const siteRoutes: FastifyPluginAsync = async (app) => {
  defineRoute(app, sitesApi.site, {
    access: 'public',
    handler: async (request, _reply, deps) => getSite(deps, request.query),
  });

  defineRoute(app, sitesApi.mySite, {
    access: 'user',
    handler: async (request, _reply, deps) => getMySite(deps, currentUser(request).id),
  });
};
