// Email notifications (issue 11): the per-member settings of /edit-profile and the one-click
// unsubscribe link every notification email carries.
import { z } from 'zod';
import { requiredAs } from './common';
import {
  NOTIFICATION_SETTING_KEYS,
  UNSUBSCRIBE_SCOPES,
  UNSUBSCRIBE_TOKEN_MAX,
  type NotificationSettings,
  type NotificationSettingsUpdate,
} from './notification-rules';

export * from './notification-rules';

const flag = z.boolean(requiredAs('true or false'));

export const notificationSettingsSchema = z.object({
  newFollower: flag,
  commentToReview: flag,
  commentReply: flag,
  privateMessage: flag,
  likedPostAlert: flag,
  checkoutReminder: flag,
  offers: flag,
}) satisfies z.ZodType<NotificationSettings>;

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
      likedPostAlert: flag.optional(),
      checkoutReminder: flag.optional(),
      offers: flag.optional(),
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
  }) satisfies z.ZodType<NotificationSettingsUpdate>;

export const notificationSettingsUpdateRequest = z.object(
  { settings: notificationSettingsUpdate },
  requiredAs('a JSON object'),
);

// ---- POST /notifications/unsubscribe ----
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

export const unsubscribeResponse = z.object({
  message: z.string(),
  kind: z.enum(UNSUBSCRIBE_SCOPES),
  /** Whose emails these are (the page offers "Subscribe again" only to that member). */
  userId: z.string(),
});
export type UnsubscribeResponse = z.infer<typeof unsubscribeResponse>;
