// The notifications module's public surface: other modules record events with `notify` inside
// their transaction; the digest job mails them in batches, honouring each member's settings;
// every mail's signed link (and the mail client's one-click button) switches emails off.
export { digestKeys, notify, type NotificationData, type NotificationEvent } from './notify';
import type { JobDefinition } from '../core';
import { digestJob } from './digest';
import { likedPostAlertJob } from './liked-post-alerts';

export { digestJob, sendDigest } from './digest';
export { DIGEST_MAX_ITEMS, oneClickUrl, unsubscribeLinks, unsubscribePageUrl } from './digest-mail';
export {
  announceLikedPostChange,
  LIKED_POST_ALERT_DELAY_MS,
  likedPostAlertJob,
  type LikedPostChange,
} from './liked-post-alerts';
export {
  getNotificationSettings,
  readNotificationSettings,
  updateNotificationSettings,
} from './settings';
export { unsubscribe } from './unsubscribe';
export { readUnsubscribeToken, signUnsubscribeToken } from './unsubscribe-token';

/** Every background job of the module. */
export const notificationJobs: readonly JobDefinition[] = [digestJob, likedPostAlertJob];
