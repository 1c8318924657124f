// Email notifications (issue 11): the per-member settings of /edit-profile and the one-click
// unsubscribe link every notification email carries.
import { z } from 'zod';
import { requiredAs } from './common';
import type { NotificationKind } from './social-rules';

/** The settings as the API names them (camelCase), one per notification kind. */
export const NOTIFICATION_SETTING_KEYS = [
  'newFollower',
  'commentToReview',
  'commentReply',
  'privateMessage',
] as const;
export type NotificationSettingKey = (typeof NOTIFICATION_SETTING_KEYS)[number];

/** Database kind → API setting key. */
export const SETTING_OF_KIND = {
  new_follower: 'newFollower',
  comment_to_review: 'commentToReview',
  comment_reply: 'commentReply',
  private_message: 'privateMessage',
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
};

const flag = z.boolean(requiredAs('true or false'));

export const notificationSettingsSchema = z.object({
  newFollower: flag,
  commentToReview: flag,
  commentReply: flag,
  privateMessage: flag,
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/** A missing settings row means every email is on. */
export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = {
  newFollower: true,
  commentToReview: true,
  commentReply: true,
  privateMessage: true,
};

// ---- GET /users/notification-settings, PUT /users/notification-settings ----
export const notificationSettingsResponse = z.object({ settings: notificationSettingsSchema });
export type NotificationSettingsResponse = z.infer<typeof notificationSettingsResponse>;

/** Only the settings sent change; an unknown name is refused rather than silently ignored. */
export const notificationSettingsUpdate = z
  .strictObject(
    {
      newFollower: flag.optional(),
      commentToReview: flag.optional(),
      commentReply: flag.optional(),
      privateMessage: flag.optional(),
    },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys'
          ? `Unknown email setting. Use ${NOTIFICATION_SETTING_KEYS.join(', ')}.`
          : issue.input === undefined
            ? 'This field is required.'
            : 'Must be a JSON object of email settings.',
    },
  )
  .refine((settings) => Object.keys(settings).length > 0, {
    error: `Choose at least one email setting to change (${NOTIFICATION_SETTING_KEYS.join(', ')}).`,
  });
export type NotificationSettingsUpdate = z.infer<typeof notificationSettingsUpdate>;

export const notificationSettingsUpdateRequest = z.object(
  { settings: notificationSettingsUpdate },
  requiredAs('a JSON object'),
);

// ---- POST /notifications/unsubscribe ----
/** Long enough for any token we sign; anything longer is not one of ours. */
export const UNSUBSCRIBE_TOKEN_MAX = 200;

const tokenField = z
  .string({ error: 'Must be the token from the unsubscribe link.' })
  .max(UNSUBSCRIBE_TOKEN_MAX, 'Must be the token from the unsubscribe link.');

/**
 * JSON `{ token }` from the web page; or, for RFC 8058 one-click unsubscribe by a mail client,
 * the token in the URL (`?token=`) with a form body `List-Unsubscribe=One-Click` (ignored).
 */
export const unsubscribeRequest = z
  .object({ token: tokenField.optional() }, requiredAs('a JSON object'))
  // A POST without a body (the token in the query) reaches the schema as null.
  .nullish();
export const unsubscribeQuery = z.object({ token: tokenField.optional() });

/** What a link switches off: one kind of email, or all of them. */
export const UNSUBSCRIBE_SCOPES = [...NOTIFICATION_SETTING_KEYS, 'all'] as const;
export type UnsubscribeScope = (typeof UNSUBSCRIBE_SCOPES)[number];

export const unsubscribeResponse = z.object({
  message: z.string(),
  kind: z.enum(UNSUBSCRIBE_SCOPES),
  /** Whose emails these are (the page offers "Subscribe again" only to that member). */
  userId: z.string(),
});
export type UnsubscribeResponse = z.infer<typeof unsubscribeResponse>;

/** What the unsubscribe answer (and page) says was switched off. */
export function unsubscribedMessage(scope: UnsubscribeScope): string {
  return scope === 'all'
    ? 'You will no longer get notification emails: new followers, comments to review, replies to your comments and private messages are all switched off.'
    : `You will no longer get emails about ${NOTIFICATION_SETTING_TEXT[scope].topic}.`;
}
