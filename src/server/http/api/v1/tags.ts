import type { FastifyPluginAsync } from 'fastify';
import { catalogApi } from '../../../../shared/api/catalog';
import { addTag, listTags } from '../../../modules/catalog';
import { currentUser } from '../auth';
import { defineRoute } from '../route';

/** The tag vocabulary (with published counts) and its curation by admins. */
export const tagRoutes: FastifyPluginAsync = async (app) => {
  defineRoute(app, catalogApi.tags, {
    access: 'public',
    handler: async (_request, _reply, deps) => listTags(deps),
  });
  defineRoute(app, catalogApi.addTag, {
    access: 'admin',
    handler: async (request, _reply, deps) => addTag(deps, currentUser(request), request.body),
  });
};
