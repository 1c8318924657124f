// The notifications module's public surface: other modules record events with `notify` inside
// their transaction; the digest job mails them in batches, honouring each member's settings;
// every mail's signed link (and the mail client's one-click button) switches emails off.
export { digestKeys, notify, type NotificationData, type NotificationEvent } from './notify';
export { digestJob, notificationJobs, sendDigest } from './digest';
export { DIGEST_MAX_ITEMS, oneClickUrl, unsubscribePageUrl } from './digest-mail';
export {
  getNotificationSettings,
  readNotificationSettings,
  updateNotificationSettings,
} from './settings';
export { unsubscribe } from './unsubscribe';
export { readUnsubscribeToken, signUnsubscribeToken } from './unsubscribe-token';
