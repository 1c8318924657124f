import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { catalogApi } from '../../../../shared/api/catalog';
import { productListResponse, type ProductList } from '../../../../shared/contracts/catalog';
import {
  deleteProduct,
  featuredSellers,
  getProduct,
  listAdminProducts,
  listMyProducts,
  listProducts,
  listProductsByDomain,
  listProductsByTag,
  listProductsByUser,
  saveProduct,
  searchProducts,
  setProductStatus,
} from '../../../modules/catalog';
import { SEARCH_PEOPLE_MAX } from '../../../../shared/contracts/catalog-requests';
import { PRODUCT_LIMITS } from '../../../../shared/contracts/catalog-rules';
import { searchPeople } from '../../../modules/accounts';
import { currentUser } from '../auth';
import { defineRoute } from '../route';
import { HOUR, MINUTE, perIp, perUser } from './rate-limits';
import { sendShared } from './shared-answer';

/** A public list sent from bytes prepared once per cached answer (shared-answer.ts). */
const sendList = (request: FastifyRequest, reply: FastifyReply, list: ProductList) =>
  sendShared(request, reply, productListResponse, list);

/** Posts: writes (owner or admin, checked in the module) and the public and personal lists. */
export const productRoutes: FastifyPluginAsync = async (app) => {
  const productSaves = perUser(app, 'product-save', 600, HOUR);

  // ---- reads (public ones answer `request.user`'s own drafts only where the call says so) ----
  defineRoute(app, catalogApi.products, {
    access: 'public',
    handler: async (request, _reply, deps) => listProducts(deps, request.query),
    send: sendList,
  });
  defineRoute(app, catalogApi.featuredSellers, {
    access: 'public',
    handler: async (request, _reply, deps) => featuredSellers(deps, request.query),
  });
  defineRoute(app, catalogApi.myProducts, {
    access: 'user',
    handler: async (request, _reply, deps) =>
      listMyProducts(deps, currentUser(request), request.query),
  });
  defineRoute(app, catalogApi.productsByUser, {
    access: 'public',
    handler: async (request, _reply, deps) =>
      listProductsByUser(deps, request.params.username, request.query),
  });
  defineRoute(app, catalogApi.productsByTag, {
    access: 'public',
    handler: async (request, _reply, deps) =>
      listProductsByTag(deps, request.params.tag, request.query),
    send: sendList,
  });
  defineRoute(app, catalogApi.productsByDomain, {
    access: 'public',
    handler: async (request, _reply, deps) =>
      listProductsByDomain(deps, request.params.domain, request.query),
  });
  defineRoute(app, catalogApi.product, {
    access: 'public',
    handler: async (request, _reply, deps) => ({
      product: await getProduct(deps, request.user, request.params.id),
    }),
  });
  defineRoute(app, catalogApi.adminProducts, {
    access: 'admin',
    handler: async (request, _reply, deps) => listAdminProducts(deps, request.query),
  });
  defineRoute(app, catalogApi.search, {
    access: 'public',
    // Each search is a few index scans: a generous budget per address, not an open tap.
    rateLimit: perIp(120, MINUTE),
    // Posts and people at once: people first on the page, at most SEARCH_PEOPLE_MAX of them; a
    // seller's own search (`username`) looks for their posts only.
    handler: async (request, _reply, deps) => {
      const limit = request.body.limit ?? PRODUCT_LIMITS.pageSizeDefault;
      const [posts, people] = await Promise.all([
        searchProducts(deps, request.body),
        request.body.username
          ? []
          : searchPeople(deps, {
              query: request.body.query,
              limit: Math.min(limit, SEARCH_PEOPLE_MAX),
            }),
      ]);
      return { ...posts, people };
    },
  });

  // ---- writes (owner or admin) ----
  defineRoute(app, catalogApi.saveProduct, {
    access: 'owner',
    preHandler: productSaves,
    handler: async (request, _reply, deps) => ({
      product: await saveProduct(deps, currentUser(request), request.body),
    }),
  });
  defineRoute(app, catalogApi.setProductStatus, {
    access: 'owner',
    preHandler: productSaves,
    handler: async (request, _reply, deps) => ({
      product: await setProductStatus(deps, currentUser(request), request.body),
    }),
  });
  defineRoute(app, catalogApi.deleteProduct, {
    access: 'owner',
    handler: async (request, _reply, deps) =>
      deleteProduct(deps, currentUser(request), request.query.id),
  });
};
