import type { FastifyPluginAsync } from 'fastify';
import { aiApi } from '../../../../shared/api/ai';
import { addGeneratedImageToPost, generateImages, getAllowance } from '../../../modules/ai';
import { currentUser } from '../auth';
import { defineRoute } from '../route';
import { HOUR, MINUTE, perUser } from './rate-limits';

/**
 * AI image generation (docs/decisions/035). GET /ai/image makes and stores pictures, a GET with
 * side effects because SPEC §7 names it so: the API answers no-store, and the rate limit and the
 * plan's monthly allowance bound what repeated calls can do.
 */
export const aiRoutes: FastifyPluginAsync = async (app) => {
  // Each call is seconds of a paid provider's work (or of our CPU offline): a few a minute.
  const generations = perUser(app, 'ai-image', 10, MINUTE);
  // Like adding an uploaded photo: re-encoding costs about half a second of CPU.
  const additions = perUser(app, 'ai-to-post', 300, HOUR);

  defineRoute(app, aiApi.generate, {
    access: 'user',
    preHandler: generations,
    handler: async (request, _reply, deps) =>
      generateImages(deps, currentUser(request).id, request.query),
  });

  defineRoute(app, aiApi.allowance, {
    access: 'user',
    handler: async (request, _reply, deps) => getAllowance(deps, currentUser(request).id),
  });

  defineRoute(app, aiApi.addToPost, {
    access: 'owner',
    preHandler: additions,
    handler: async (request, _reply, deps) => ({
      product: await addGeneratedImageToPost(deps, currentUser(request), request.body),
    }),
  });
};
