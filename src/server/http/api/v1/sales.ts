import type { FastifyPluginAsync } from 'fastify';
import { commerceApi } from '../../../../shared/api/commerce';
import { earningsApi } from '../../../../shared/api/earnings';
import {
  cancelSale,
  markShipped,
  readOrders,
  readSales,
  salesCsv,
  salesSummary,
} from '../../../modules/commerce';
import { currentUser } from '../auth';
import { defineRoute } from '../route';
import { csvAttachment } from './csv-answer';
import { MINUTE, perIp, perUser } from './rate-limits';

/**
 * Commerce: buyers' orders and sellers' sales: reading, shipping, cancelling (docs/decisions/028),
 * and a seller's totals and CSV of their own sales (docs/decisions/072).
 */
export const salesRoutes: FastifyPluginAsync = async (app) => {
  // A seller ships a day's parcels in a row; a script hammering sales is stopped.
  const saleWrites = perUser(app, 'sale-write', 60, 10 * MINUTE);

  // ---- reads (the caller's own; admins anyone's) ----
  defineRoute(app, commerceApi.orders, {
    access: 'owner',
    handler: async (request, _reply, deps) => readOrders(deps, currentUser(request), request.query),
  });
  defineRoute(app, commerceApi.transactions, {
    access: 'owner',
    handler: async (request, _reply, deps) => readSales(deps, currentUser(request), request.query),
  });

  // ---- the seller's moves ----
  defineRoute(app, commerceApi.markShipped, {
    access: 'owner',
    preHandler: saleWrites,
    handler: async (request, _reply, deps) => ({
      transaction: await markShipped(deps, currentUser(request), request.body),
    }),
  });
  defineRoute(app, commerceApi.cancelSale, {
    access: 'owner',
    preHandler: saleWrites,
    handler: async (request, _reply, deps) => ({
      transaction: await cancelSale(deps, currentUser(request), request.body),
    }),
  });

  // ---- the seller's earnings (always the caller's own: no user id is taken) ----
  defineRoute(app, earningsApi.salesSummary, {
    access: 'user',
    handler: async (request, _reply, deps) =>
      salesSummary(deps, currentUser(request).id, request.query),
  });
  defineRoute(app, earningsApi.salesCsv, {
    access: 'user',
    rateLimit: perIp(30, MINUTE),
    handler: async (request, reply, deps) =>
      csvAttachment(reply, await salesCsv(deps, currentUser(request).id, request.query)),
  });
};
