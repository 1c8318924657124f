import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import { messagesApi } from '../../../../shared/api/messages';
import { messageSaveRequest } from '../../../../shared/contracts/messages';
import { SOCIAL_LIMITS } from '../../../../shared/contracts/social-rules';
import { IMAGE_MAX_BYTES } from '../../../adapters/images/process';
import {
  deleteMessage,
  likedMessageIds,
  listConversations,
  listFeed,
  listMyMessages,
  listUserMessages,
  readThread,
  saveMessage,
  toggleMessageLike,
  unreadCount,
} from '../../../modules/messages';
import { jsonField, parseOrThrow, readForm } from '../forms';
import { currentUser } from '../auth';
import { defineRoute } from '../route';
import { MINUTE, perUser } from './rate-limits';

/** The multipart form of PUT /messages: the `message` JSON field and up to 4 `image` files. */
const MESSAGE_FORM_LIMITS = {
  fileSize: IMAGE_MAX_BYTES,
  files: SOCIAL_LIMITS.messageMediasMax,
  fields: 5,
  fieldSize: 64 * 1024,
  parts: SOCIAL_LIMITS.messageMediasMax + 5,
} as const;

/** Messages: the public feed and pages, private conversations, sending, editing, likes. */
export const messageRoutes: FastifyPluginAsync = async (app) => {
  await app.register(multipart, { limits: MESSAGE_FORM_LIMITS });
  // Sending is what spam looks like: a budget per member (images make it costly too).
  const messageSaves = perUser(app, 'message-save', 30, 10 * MINUTE);
  const messageLikes = perUser(app, 'message-like', 300, 10 * MINUTE);

  // ---- reads ----
  defineRoute(app, messagesApi.feed, {
    access: 'public',
    handler: async (request, _reply, deps) =>
      listFeed(deps, request.user?.id ?? null, request.query),
  });
  defineRoute(app, messagesApi.byUser, {
    access: 'public',
    handler: async (request, _reply, deps) =>
      listUserMessages(deps, request.user?.id ?? null, request.params.username, request.query),
  });
  defineRoute(app, messagesApi.mine, {
    access: 'user',
    handler: async (request, _reply, deps) =>
      listMyMessages(deps, currentUser(request), request.query),
  });
  defineRoute(app, messagesApi.conversations, {
    access: 'user',
    handler: async (request, _reply, deps) =>
      listConversations(deps, currentUser(request).id, request.query),
  });
  defineRoute(app, messagesApi.thread, {
    access: 'user',
    handler: async (request, _reply, deps) =>
      readThread(deps, currentUser(request).id, request.params.userId, request.query),
  });
  defineRoute(app, messagesApi.unreadCount, {
    access: 'user',
    handler: async (request, _reply, deps) => unreadCount(deps, currentUser(request).id),
  });
  defineRoute(app, messagesApi.favoriteIds, {
    access: 'user',
    handler: async (request, _reply, deps) => likedMessageIds(deps, currentUser(request).id),
  });

  // ---- writes ----
  defineRoute(app, messagesApi.save, {
    access: 'owner',
    preHandler: messageSaves,
    handler: async (request, _reply, deps) => {
      let raw: unknown = request.body;
      let images: Buffer[] = [];
      if (request.isMultipart()) {
        const form = await readForm(request, 'image', { maxFiles: SOCIAL_LIMITS.messageMediasMax });
        raw = { message: jsonField(form, 'message') };
        images = form.files.map((f) => f.buffer).filter((b) => b.length > 0);
      }
      const { message } = parseOrThrow(messageSaveRequest, raw);
      return { message: await saveMessage(deps, currentUser(request), { message, images }) };
    },
  });
  defineRoute(app, messagesApi.remove, {
    access: 'owner',
    handler: async (request, _reply, deps) =>
      deleteMessage(deps, currentUser(request), request.query.id),
  });
  defineRoute(app, messagesApi.like, {
    access: 'user',
    preHandler: messageLikes,
    handler: async (request, _reply, deps) =>
      toggleMessageLike(deps, currentUser(request), request.body.id),
  });
};
