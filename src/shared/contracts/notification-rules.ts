// Email notification rules without zod (docs/decisions/011): the setting names, their wording
// and the unsubscribe scopes, for the browser (the /edit-profile form, the /unsubscribe page) and
// the server (the digest mail). The zod schemas of notifications.ts are built from these.
import type { NotificationKind } from './social-rules';

/** The settings as the API names them (camelCase), one per notification kind. */
export const NOTIFICATION_SETTING_KEYS = [
  'newFollower',
  'commentToReview',
  'commentReply',
  'privateMessage',
  'likedPostAlert',
  'checkoutReminder',
  'offers',
] as const;
export type NotificationSettingKey = (typeof NOTIFICATION_SETTING_KEYS)[number];

/** Database kind → API setting key. */
export const SETTING_OF_KIND = {
  new_follower: 'newFollower',
  comment_to_review: 'commentToReview',
  comment_reply: 'commentReply',
  private_message: 'privateMessage',
  liked_post_alert: 'likedPostAlert',
  offer: 'offers',
} as const satisfies Record<NotificationKind, NotificationSettingKey>;

/**
 * How each email is named to a member: on the settings form, on the unsubscribe page and in
 * the unsubscribe links of the emails themselves (one wording everywhere).
 */
export const NOTIFICATION_SETTING_TEXT: Record<
  NotificationSettingKey,
  { label: string; hint: string; topic: string }
> = {
  newFollower: {
    label: 'New followers',
    hint: 'Someone starts following you.',
    topic: 'new followers',
  },
  commentToReview: {
    label: 'Comments to review',
    hint: 'Someone comments on one of your posts and the comment waits for your approval.',
    topic: 'comments waiting for your review',
  },
  commentReply: {
    label: 'Replies to my comments',
    hint: 'A reply to one of your comments is approved.',
    topic: 'replies to your comments',
  },
  privateMessage: {
    label: 'Private messages',
    hint: 'Someone sends you a private message.',
    topic: 'private messages',
  },
  likedPostAlert: {
    label: 'Price drops and restocks',
    hint: 'A post you like and rang the bell for gets cheaper or is back in stock.',
    topic: 'price drops and restocks of posts you like',
  },
  checkoutReminder: {
    label: 'Unpaid order reminders',
    hint: 'An order you did not pay in time expired: one email listing what is still available.',
    topic: 'orders left unpaid',
  },
  offers: {
    label: 'Offers',
    hint: 'Someone makes, accepts, declines or counters an offer on a post, or sends you one.',
    topic: 'offers',
  },
};

/** Every email setting of a member. */
export type NotificationSettings = Record<NotificationSettingKey, boolean>;
/** A change to some of them. */
export type NotificationSettingsUpdate = Partial<NotificationSettings>;

/** A missing settings row means every email is on. */
export const DEFAULT_NOTIFICATION_SETTINGS: Readonly<NotificationSettings> = {
  newFollower: true,
  commentToReview: true,
  commentReply: true,
  privateMessage: true,
  likedPostAlert: true,
  checkoutReminder: true,
  offers: true,
};

/** Long enough for any token we sign; anything longer is not one of ours. */
export const UNSUBSCRIBE_TOKEN_MAX = 200;

/**
 * What a link switches off: one kind of email, or all of them. A token stores its scope as an
 * index into this list and old mails' links never expire, so the order is fixed: new settings go
 * at the end, after 'all' (docs/decisions/075).
 */
export const UNSUBSCRIBE_SCOPES = [
  'newFollower',
  'commentToReview',
  'commentReply',
  'privateMessage',
  'all',
  'likedPostAlert',
  'checkoutReminder',
  'offers',
] as const satisfies readonly (NotificationSettingKey | 'all')[];
export type UnsubscribeScope = (typeof UNSUBSCRIBE_SCOPES)[number];

/** What the unsubscribe answer (and page) says was switched off. */
export function unsubscribedMessage(scope: UnsubscribeScope): string {
  return scope === 'all'
    ? 'You will no longer get notification emails: new followers, comments to review, replies to your comments, private messages, offers, price drops and restocks, and unpaid order reminders are all switched off.'
    : `You will no longer get emails about ${NOTIFICATION_SETTING_TEXT[scope].topic}.`;
}
