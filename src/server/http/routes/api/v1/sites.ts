import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { siteQuery, siteSchema } from '../../../../../shared/contracts/sites';
import { getMySite, getSite } from '../../../../modules/sites';
import { currentUser, requireUser } from '../../../plugins/auth';

/** Reading sites (SPEC §7: the client "reads data", so the body is the site itself). */
export const siteRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const tags = ['sites'];

  app.get(
    '/sites',
    {
      schema: {
        tags,
        summary: 'A site by its owner (?username= or ?user_id=)',
        querystring: siteQuery,
        response: { 200: siteSchema },
      },
    },
    async (request) => getSite(db, request.query),
  );

  app.get(
    '/sites/mine',
    {
      preHandler: requireUser,
      schema: { tags, summary: "The signed-in user's site", response: { 200: siteSchema } },
    },
    async (request) => getMySite(db, currentUser(request).id),
  );
};
