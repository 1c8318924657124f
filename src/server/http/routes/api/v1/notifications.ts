import type { FastifyPluginAsync } from 'fastify';
import { notificationsApi } from '../../../../../shared/api/notifications';
import {
  getNotificationSettings,
  unsubscribe,
  updateNotificationSettings,
} from '../../../../modules/notifications';
import { currentUser } from '../../../plugins/auth';
import { defineRoute } from '../../../route';
import { HOUR, MINUTE, perIp, perUser } from './rate-limits';

/** What a mail client's one-click POST may carry (RFC 8058: `List-Unsubscribe=One-Click`). */
const FORM_BODY_LIMIT = 4096;

/**
 * Email notification settings (/edit-profile) and the emails' unsubscribe link. The unsubscribe
 * call also takes RFC 8058 one-click POSTs from mail clients: the token in the query, and a form
 * body (urlencoded or multipart) whose content does not matter — parsers for those two types exist
 * in this scope only.
 */
export const notificationRoutes: FastifyPluginAsync = async (app) => {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  app.addContentTypeParser(
    'multipart/form-data',
    { parseAs: 'buffer', bodyLimit: FORM_BODY_LIMIT },
    (_request, _body, done) => done(null, {}),
  );
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
