import type { FastifyPluginAsync } from 'fastify';
import { catalogApi } from '../../../../shared/api/catalog';
import {
  addProductMedia,
  createUploadTarget,
  deleteProductMedia,
} from '../../../modules/catalog';
import { currentUser } from '../auth';
import { defineRoute } from '../route';
import { HOUR, perUser } from './rate-limits';

/** A post's media: the signed upload link, adding an uploaded file, removing one (owner or admin). */
export const productMediaRoutes: FastifyPluginAsync = async (app) => {
  // Each link may carry up to 100 MB; an hour's worth covers a busy seller's whole catalogue.
  const uploadLinks = perUser(app, 'upload-url', 300, HOUR);
  // Re-encoding an image costs about half a second of CPU: keep one account from hogging it.
  const mediaWrites = perUser(app, 'product-media', 300, HOUR);

  defineRoute(app, catalogApi.uploadUrl, {
    access: 'owner',
    preHandler: uploadLinks,
    handler: async (request, _reply, deps) =>
      createUploadTarget(deps, currentUser(request), {
        ext: request.params.ext,
        productId: request.query.productId,
      }),
  });

  defineRoute(app, catalogApi.addProductMedia, {
    access: 'owner',
    preHandler: mediaWrites,
    handler: async (request, _reply, deps) => ({
      product: await addProductMedia(deps, currentUser(request), request.body),
    }),
  });

  defineRoute(app, catalogApi.deleteProductMedia, {
    access: 'owner',
    preHandler: mediaWrites,
    handler: async (request, _reply, deps) => ({
      product: await deleteProductMedia(deps, currentUser(request), request.query),
    }),
  });
};
