import type { FastifyPluginAsync } from 'fastify';
import { catalogApi } from '../../../../../shared/api/catalog';
import { saveProduct } from '../../../../modules/catalog';
import { currentUser } from '../../../plugins/auth';
import { defineRoute } from '../../../route';
import { HOUR, perUser } from './rate-limits';

/** Posts: writes (owner or admin, checked in the module) and the public and personal lists. */
export const productRoutes: FastifyPluginAsync = async (app) => {
  const productSaves = perUser(app, 'product-save', 600, HOUR);

  defineRoute(app, catalogApi.saveProduct, {
    access: 'user',
    preHandler: productSaves,
    handler: async (request, _reply, deps) => ({
      product: await saveProduct(deps, currentUser(request), request.body),
    }),
  });
};
