import {
  notificationSettingsResponse,
  notificationSettingsUpdateRequest,
  unsubscribeQuery,
  unsubscribeRequest,
  unsubscribeResponse,
} from '../contracts/notifications';
import { endpoint } from './endpoint';

const tags = ['notifications'] as const;

/** Email notifications (issue 11): the member's settings and the emails' unsubscribe link. */
export const notificationsApi = {
  settings: endpoint({
    method: 'GET',
    path: '/users/notification-settings',
    summary: 'Which notification emails I get (every one is on until switched off)',
    tags,
    response: notificationSettingsResponse,
  }),
  updateSettings: endpoint({
    method: 'PUT',
    path: '/users/notification-settings',
    summary: 'Switch notification emails on or off; only the settings sent change',
    tags,
    body: notificationSettingsUpdateRequest,
    response: notificationSettingsResponse,
  }),
  unsubscribe: endpoint({
    method: 'POST',
    path: '/notifications/unsubscribe',
    summary:
      'Switch off the emails an unsubscribe link names: JSON { token }, or the token in the query with any body (RFC 8058 one-click from a mail client)',
    tags,
    body: unsubscribeRequest,
    query: unsubscribeQuery,
    response: unsubscribeResponse,
  }),
};
