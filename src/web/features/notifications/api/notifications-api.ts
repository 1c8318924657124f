import { notificationsApi } from '../../../../shared/api/notifications';
import type { NotificationSettingsUpdate } from '../../../../shared/contracts/notification-rules';
import { api } from '../../../lib/api';
import type { ApiClient } from '../../../lib/api-client';

// The email-notification calls (src/shared/api/notifications.ts). Browser calls use the app's
// client; loaders pass `serverApi(context)`.

/** GET /users/notification-settings (a loader's client, or the browser's). */
export async function getNotificationSettings(client: ApiClient = api) {
  const { settings } = await client.call(notificationsApi.settings, {});
  return settings;
}

/** PUT /users/notification-settings: only the settings given change. */
export async function saveNotificationSettings(settings: NotificationSettingsUpdate) {
  const res = await api.call(notificationsApi.updateSettings, { body: { settings } });
  return res.settings;
}

/** POST /notifications/unsubscribe with the emailed link's token (the /unsubscribe loader). */
export const unsubscribeWithToken = (client: ApiClient, token: string) =>
  client.call(notificationsApi.unsubscribe, { body: { token }, query: {} });
