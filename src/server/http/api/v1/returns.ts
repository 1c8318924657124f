import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import { returnsApi } from '../../../../shared/api/returns';
import { returnCreateRequest } from '../../../../shared/contracts/returns';
import { RETURN_LIMITS } from '../../../../shared/contracts/returns-rules';
import { IMAGE_MAX_BYTES } from '../../../adapters/images/process';
import {
  acceptReturn,
  addReturnTracking,
  confirmReturnReceived,
  declineReturn,
  escalateReturn,
  openReturn,
  readReturns,
} from '../../../modules/commerce';
import { decideEscalatedReturn } from '../../../modules/moderation';
import { currentUser } from '../auth';
import { jsonField, parseOrThrow, readForm } from '../forms';
import { defineRoute } from '../route';
import { HOUR, MINUTE, perUser } from './rate-limits';

/** The multipart form of POST /returns: the `request` JSON field and up to 4 `photo` files. */
const RETURN_FORM_LIMITS = {
  fileSize: IMAGE_MAX_BYTES,
  files: RETURN_LIMITS.photosMax,
  fields: 5,
  fieldSize: 64 * 1024,
  parts: RETURN_LIMITS.photosMax + 5,
} as const;

/** Return requests (docs/decisions/074): the buyer's, the seller's and the moderators' moves. */
export const returnRoutes: FastifyPluginAsync = async (app) => {
  await app.register(multipart, { limits: RETURN_FORM_LIMITS });
  // Photos cost image work: a buyer opens a few requests an hour at most.
  const opens = perUser(app, 'return-open', 20, HOUR);
  const moves = perUser(app, 'return-move', 60, 10 * MINUTE);

  defineRoute(app, returnsApi.list, {
    access: 'user',
    handler: async (request, _reply, deps) =>
      readReturns(deps, currentUser(request), request.query),
  });
  defineRoute(app, returnsApi.open, {
    access: 'user',
    preHandler: opens,
    handler: async (request, reply, deps) => {
      let raw: unknown = request.body;
      let photos: Buffer[] = [];
      if (request.isMultipart()) {
        const form = await readForm(request, 'photo', { maxFiles: RETURN_LIMITS.photosMax });
        raw = jsonField(form, 'request');
        photos = form.files.map((f) => f.buffer).filter((b) => b.length > 0);
      }
      const input = parseOrThrow(returnCreateRequest, raw);
      const returnRequest = await openReturn(deps, currentUser(request), { ...input, photos });
      reply.code(201);
      return { returnRequest };
    },
  });
  defineRoute(app, returnsApi.accept, {
    access: 'owner',
    preHandler: moves,
    handler: async (request, _reply, deps) => ({
      returnRequest: await acceptReturn(deps, currentUser(request), request.body),
    }),
  });
  defineRoute(app, returnsApi.decline, {
    access: 'owner',
    preHandler: moves,
    handler: async (request, _reply, deps) => ({
      returnRequest: await declineReturn(deps, currentUser(request), request.body),
    }),
  });
  defineRoute(app, returnsApi.escalate, {
    access: 'owner',
    preHandler: moves,
    handler: async (request, _reply, deps) => ({
      returnRequest: await escalateReturn(deps, currentUser(request), request.body),
    }),
  });
  defineRoute(app, returnsApi.tracking, {
    access: 'owner',
    preHandler: moves,
    handler: async (request, _reply, deps) => ({
      returnRequest: await addReturnTracking(deps, currentUser(request), request.body),
    }),
  });
  defineRoute(app, returnsApi.received, {
    access: 'owner',
    preHandler: moves,
    handler: async (request, _reply, deps) => ({
      returnRequest: await confirmReturnReceived(deps, currentUser(request), request.body),
    }),
  });
  defineRoute(app, returnsApi.decide, {
    access: 'moderator',
    preHandler: moves,
    handler: async (request, _reply, deps) => ({
      returnRequest: await decideEscalatedReturn(deps, currentUser(request), request.body),
    }),
  });
};
