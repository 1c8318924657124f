import type { FastifyPluginAsync } from 'fastify';
import { notificationsApi } from '../../../../shared/api/notifications';
import {
  getNotificationSettings,
  unsubscribe,
  updateNotificationSettings,
} from '../../../modules/notifications';
import { currentUser } from '../auth';
import { defineRoute } from '../route';
import { acceptOneClickForms } from './one-click-forms';
import { HOUR, MINUTE, perIp, perUser } from './rate-limits';

/**
 * Email notification settings (/edit-profile) and the emails' unsubscribe link. The unsubscribe
 * call also takes RFC 8058 one-click POSTs from mail clients: the token in the query, and a form
 * body (urlencoded or multipart) whose content does not matter — parsers for those two types exist
 * in this scope only.
 */
export const notificationRoutes: FastifyPluginAsync = async (app) => {
  acceptOneClickForms(app);
  const settingSaves = perUser(app, 'notification-settings', 120, HOUR);

  defineRoute(app, notificationsApi.settings, {
    access: 'user',
    handler: async (request, _reply, deps) => ({
      settings: await getNotificationSettings(deps, currentUser(request).id),
    }),
  });

  defineRoute(app, notificationsApi.updateSettings, {
    access: 'user',
    preHandler: settingSaves,
    handler: async (request, _reply, deps) => ({
      settings: await updateNotificationSettings(
        deps,
        currentUser(request).id,
        request.body.settings,
      ),
    }),
  });

  defineRoute(app, notificationsApi.unsubscribe, {
    access: 'public',
    rateLimit: perIp(60, MINUTE),
    handler: async (request, _reply, deps) =>
      unsubscribe(deps, request.body?.token ?? request.query.token),
  });
};
