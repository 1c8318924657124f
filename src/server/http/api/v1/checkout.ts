import type { FastifyPluginAsync } from 'fastify';
import { commerceApi } from '../../../../shared/api/commerce';
import { addressCreateRequest } from '../../../../shared/contracts/commerce';
import {
  cancelOwnOrder,
  confirmLocalPayment,
  createAddress,
  deleteAddress,
  listAddresses,
  placeOrderOnce,
  refreshCart,
  startPayment,
} from '../../../modules/commerce';
import { validationError } from '../../../modules/core';
import { parseOrThrow } from '../forms';
import { currentUser } from '../auth';
import { defineRoute } from '../route';
import { MINUTE, perIp, perUser } from './rate-limits';

/** An address form is a few hundred bytes; a little room for long names and the token. */
const FORM_BODY_LIMIT = 16 * 1024;

/** A multipart form's text fields. Address forms carry no files, so a file part is refused. */
async function multipartFields(body: Buffer, contentType: string) {
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(body), {
      headers: { 'content-type': contentType },
    }).formData();
  } catch {
    throw validationError('The form could not be read. Send it as multipart/form-data.');
  }
  const fields: [string, string][] = [];
  for (const [name, value] of form) {
    if (typeof value !== 'string')
      throw validationError(`${name}: This form takes no files. Send the address as text.`);
    fields.push([name, value]);
  }
  // fromEntries defines own properties: a field named "__proto__" stays a plain field.
  return Object.fromEntries(fields);
}

/**
 * Commerce: cart refresh, addresses, placing orders and paying them (embedded driver)
 * (SPEC §7 "Cart and payments", DESIGN §4, docs/decisions/026 and 027).
 */
export const checkoutRoutes: FastifyPluginAsync = async (app) => {
  // SPEC §7 sends POST /addresses as form data (token + address JSON): both form encodings are
  // read here, in this scope only, into the same fields a JSON body carries.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  app.addContentTypeParser(
    'multipart/form-data',
    { parseAs: 'buffer', bodyLimit: FORM_BODY_LIMIT },
    (request, body, done) => {
      multipartFields(body as Buffer, request.headers['content-type'] ?? '').then(
        (fields) => done(null, fields),
        (err: Error) => done(err),
      );
    },
  );

  // A person edits a few addresses and places a few orders; scripts doing hundreds are stopped.
  const addressWrites = perUser(app, 'address-write', 30, 10 * MINUTE);
  const orderPlacements = perUser(app, 'order-create', 30, 10 * MINUTE);
  const orderCancels = perUser(app, 'order-cancel', 30, 10 * MINUTE);
  const paymentStarts = perUser(app, 'payment-intent', 60, 10 * MINUTE);
  // Card testing (trying stolen numbers one after the other) is the abuse to stop here.
  const cardAttempts = perUser(app, 'card-confirm', 10, 10 * MINUTE);

  defineRoute(app, commerceApi.refreshCart, {
    access: 'public',
    rateLimit: perIp(120, MINUTE),
    handler: async (request, _reply, deps) =>
      refreshCart(deps, request.user?.id ?? null, request.body),
  });

  // ---- addresses ----
  defineRoute(app, commerceApi.addresses, {
    access: 'user',
    handler: async (request, _reply, deps) => listAddresses(deps, currentUser(request).id),
  });
  defineRoute(app, commerceApi.createAddress, {
    access: 'user',
    preHandler: addressWrites,
    handler: async (request, _reply, deps) => {
      const { address } = parseOrThrow(addressCreateRequest, request.body);
      return { address: await createAddress(deps, currentUser(request).id, address) };
    },
  });
  defineRoute(app, commerceApi.deleteAddress, {
    access: 'user',
    preHandler: addressWrites,
    handler: async (request, _reply, deps) =>
      deleteAddress(deps, currentUser(request).id, request.query.id),
  });

  // ---- orders and payments ----
  defineRoute(app, commerceApi.createOrder, {
    access: 'user',
    preHandler: orderPlacements,
    // With an idempotency key, a repeat answers the order the key placed (docs/decisions/077).
    handler: async (request, _reply, deps) => ({
      order: await placeOrderOnce(deps, currentUser(request).id, request.body),
    }),
  });
  defineRoute(app, commerceApi.cancelOrder, {
    access: 'user',
    preHandler: orderCancels,
    handler: async (request, _reply, deps) => ({
      order: await cancelOwnOrder(deps, currentUser(request).id, request.body.id),
    }),
  });
  defineRoute(app, commerceApi.createPaymentIntent, {
    access: 'user',
    preHandler: paymentStarts,
    handler: async (request, _reply, deps) =>
      startPayment(deps, currentUser(request).id, request.body.orderId),
  });
  defineRoute(app, commerceApi.confirmLocalPayment, {
    access: 'user',
    preHandler: cardAttempts,
    handler: async (request, _reply, deps) =>
      confirmLocalPayment(deps, currentUser(request).id, request.body),
  });
};
